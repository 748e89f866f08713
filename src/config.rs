//! `harn-catalog.toml`: the catalogs a repository generates from its registries, for
//! `harn-catalog gen` (write them) and `harn-catalog check` (drift-check them).
//!
//! ```toml
//! [[catalog]]
//! input = "registry.yaml"          # a registry declaration or a catalog
//! output = "catalogs/tools.json"   # relative to this file
//! pretty = true                    # two-space indentation (default: compact)
//! deny_warnings = false            # treat warnings as errors (default: false)
//! surface = "auto"                 # for a .harn input: auto, exports or script
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The default configuration file name.
pub const DEFAULT_CONFIG: &str = "harn-catalog.toml";

/// A parsed configuration, its paths resolved against the file's folder.
#[derive(Debug)]
pub struct Config {
    /// The folder the configuration's paths are relative to.
    pub root: PathBuf,
    pub catalogs: Vec<CatalogTarget>,
}

/// One catalog to generate.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CatalogTarget {
    pub input: PathBuf,
    pub output: PathBuf,
    #[serde(default)]
    pub pretty: bool,
    #[serde(default)]
    pub deny_warnings: bool,
    /// For a `.harn` input: `auto` (default), `exports` or `script`.
    #[serde(default)]
    pub surface: crate::ingest::harn::Surface,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    catalog: Vec<CatalogTarget>,
}

/// Reads a configuration file. Errors say what is wrong and where.
pub fn load(path: &Path) -> Result<Config, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let file: File = toml::from_str(&text).map_err(|e| {
        let at =
            e.span().map(|span| format!(":{}", crate::source::LineIndex::new(&text).line_col(&text, span.start).line));
        format!("{}{}: {}", path.display(), at.unwrap_or_default(), e.message().trim())
    })?;
    if file.catalog.is_empty() {
        return Err(format!("{} lists no [[catalog]] to generate", path.display()));
    }
    let root = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok(Config { root, catalogs: file.catalog })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_targets_and_refuses_unknown_keys() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("harn-catalog.toml");
        std::fs::write(&path, "[[catalog]]\ninput = \"a.json\"\noutput = \"out/a.json\"\npretty = true\n").unwrap();
        let config = load(&path).unwrap();
        assert_eq!(config.root, dir.path());
        assert_eq!(config.catalogs[0].output, PathBuf::from("out/a.json"));
        assert!(config.catalogs[0].pretty && !config.catalogs[0].deny_warnings);
        std::fs::write(&path, "[[catalog]]\ninput = \"a.json\"\noutput = \"b.json\"\nprety = true\n").unwrap();
        let error = load(&path).unwrap_err();
        assert!(error.contains(":4") && error.contains("prety"), "{error}");
        std::fs::write(&path, "").unwrap();
        assert!(load(&path).unwrap_err().contains("no [[catalog]]"));
    }
}
