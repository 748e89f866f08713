//! The catalogs of the MCP servers a configuration names (`server`, `url`): with
//! `--run-servers`, each server is listed live and its listing imported and compiled
//! as `import mcp` then `schema` would; `gen` writes the catalog as the snapshot to
//! commit, and `check` compares the live catalog with the committed snapshot change
//! by change, with the rules and levels of `diff`.

use std::path::Path;
use std::time::Duration;

use crate::compile::{self, Compilation, Options};
use crate::config::{CatalogSource, CatalogTarget};
use crate::contract::ToolCatalog;
use crate::diagnostics::{Diagnostics, Failed, Log};
use crate::diff::{self, Compared, DiffFormat, Level, Named, Report};
use crate::drift::{self, Owned};
use crate::emit::artifacts::Artifact;
use crate::import::{self, live};
use crate::source::{Format, SourceFile};

/// How long to wait for each answer of a server whose target sets no `timeout`.
const TIMEOUT: Duration = Duration::from_secs(30);

/// A server's catalog as listed now.
pub struct Live {
    /// Its command line or URL.
    pub name: String,
    /// The catalog as `gen` writes it, at the target's output.
    pub artifact: Artifact,
    pub catalog: ToolCatalog,
}

/// The compilation of the tools `target`'s server lists now: the importer's
/// diagnostics, then the compiler's. A server that cannot be listed is a usage error
/// (logged with its last stderr lines).
/// A server's command runs in the configuration's folder, `root`, as its paths are
/// read from there.
pub fn compile(
    target: &CatalogTarget,
    root: &Path,
    options: Options,
    log: &mut Log<'_>,
) -> Result<Compilation, Failed> {
    let name = target.server_name().unwrap_or_default();
    let timeout = target.timeout.map_or(TIMEOUT, Duration::from_secs);
    let listing = match target.source() {
        CatalogSource::Server(command) => {
            // The configuration's folder is "" when it is the current one.
            let folder = (!root.as_os_str().is_empty()).then_some(root);
            live::list_over_stdio(command, folder, timeout)
        }
        CatalogSource::Url(url) => live::list_over_http(url, &target.headers, timeout),
        CatalogSource::Input(_) => unreachable!("only a server's target is listed"),
    };
    let listing = listing.map_err(|e| log.fail(Failed::Unusable, format!("the server `{name}`: {}", e.report())))?;
    let imported = import::import_listing(&listing, &format!("tools/list of {name}"), None);
    let mut diagnostics = Diagnostics::new(options.deny_warnings);
    diagnostics.extend(imported.diagnostics);
    let declaration = match imported.declaration {
        Ok(declaration) if !diagnostics.has_errors() => declaration,
        Ok(_) => return Ok(Compilation { diagnostics, result: Err(Failed::Refused) }),
        Err(failed) => return Ok(Compilation { diagnostics, result: Err(failed) }),
    };
    let text = serde_json::to_string_pretty(&declaration).expect("JSON serialises");
    // The declaration is never written: diagnostics of the compile point into it as
    // `import mcp --to json` would print it.
    let source = SourceFile::new(format!("declaration imported from {name}"), text, Format::Json);
    let compilation = compile::compile_source(source, options);
    diagnostics.extend(compilation.diagnostics.into_vec());
    Ok(Compilation { diagnostics, result: compilation.result })
}

/// `check --run-servers`: whether `live` differs from the snapshot committed at its
/// output (under `root`), each change logged as `diff` reports it; `bless` is the
/// command that takes a new snapshot.
pub fn changed(root: &Path, live: &Live, bless: &str, log: &mut Log<'_>) -> bool {
    let path = root.join(&live.artifact.path);
    let shown = path.display();
    let name = &live.name;
    if !path.exists() {
        log.error(format!("the server `{name}` has no snapshot at {shown}\nhint: run `{bless}` to take one"));
        return true;
    }
    let committed = compile::compile_file(&path, Options::default());
    let Some(snapshot) = committed.catalog() else {
        log.report(committed.diagnostics.as_slice(), "");
        log.error(format!(
            "the snapshot of the server `{name}` at {shown} is no catalog\nhint: run `{bless}` to take it anew"
        ));
        return true;
    };
    let old = Compared { catalog: snapshot, provenance: committed.compiled().map(|c| &c.provenance) };
    let changes = diff::diff(&old, &Compared { catalog: &live.catalog, provenance: None });
    if changes.is_empty() {
        // The same tools, perhaps written otherwise (by hand, or by an older
        // harn-catalog): compared as every generated file is, line endings aside.
        return match drift::compare(root, std::slice::from_ref(&live.artifact), Owned::No) {
            Ok(findings) if findings.is_empty() => false,
            Ok(findings) => {
                log.text(&drift::report(root, &format!("the snapshot files of the server `{name}`"), &findings, bless));
                true
            }
            Err(e) => {
                log.error(format!("cannot read {shown}: {e}"));
                true
            }
        };
    }
    let breaking = changes.iter().filter(|c| c.level == Level::Breaking).count();
    log.error(format!(
        "the server `{name}` no longer matches its snapshot {shown}: {} change{}, {breaking} breaking",
        changes.len(),
        if changes.len() == 1 { "" } else { "s" }
    ));
    let compared = [(Named::of(path.display().to_string(), snapshot), Named::of(name.clone(), &live.catalog))];
    let report = Report { compared: &compared, changes: &changes, unused: &[], config: None };
    log.text(&report.render(DiffFormat::Human, log.renderer.color));
    log.text(&format!("hint: if the server is right, run `{bless}` and commit the new snapshot\n"));
    true
}
