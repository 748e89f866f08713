//! `harn-catalog init`: a starter project written into the current folder (a
//! registry declaration with one example tool, a `harn-catalog.toml` that `gen` and
//! `check` read, and the two editor schemas they point at), refusing to overwrite
//! anything.
//!
//! The starter texts are minijinja templates under `templates/init/`, as the other
//! generated files are: they are mostly prose and layout, best read and edited as the
//! files they become, and the few names they share (the schemas' file names, the
//! declaration's, the catalog's) are filled in from the constants here, so the
//! modelines, the configuration and the printed commands cannot disagree.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use super::{Outcome, Run};
use crate::config;
use crate::diagnostics::{ErrorFormat, Failed, Log, Renderer};
use crate::drift;
use crate::emit::artifacts::{self, Artifact};
use crate::emit::template;

/// The declaration's file name, without its extension.
const DECLARATION_STEM: &str = "tools";
/// The catalog `harn-catalog.toml` lists, relative to it.
const CATALOG_OUTPUT: &str = "catalog/tools.json";

const YAML_TEMPLATE: &str = include_str!("../../templates/init/tools.yaml.jinja");
const JSON_TEMPLATE: &str = include_str!("../../templates/init/tools.json.jinja");
const TOML_TEMPLATE: &str = include_str!("../../templates/init/tools.toml.jinja");
const CONFIG_TEMPLATE: &str = include_str!("../../templates/init/harn-catalog.toml.jinja");

/// The syntax of the starter declaration.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StarterFormat {
    #[default]
    Yaml,
    Json,
    Toml,
}

impl StarterFormat {
    fn extension(self) -> &'static str {
        match self {
            StarterFormat::Yaml => "yaml",
            StarterFormat::Json => "json",
            StarterFormat::Toml => "toml",
        }
    }

    fn template(self) -> &'static str {
        match self {
            StarterFormat::Yaml => YAML_TEMPLATE,
            StarterFormat::Json => JSON_TEMPLATE,
            StarterFormat::Toml => TOML_TEMPLATE,
        }
    }
}

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// The syntax of the registry declaration.
    #[arg(long, value_enum, default_value_t)]
    pub format: StarterFormat,
    /// Start from the tools of an MCP server instead of the example tool: the command
    /// after `--` is started over stdio, its tools listed, and it is stopped, with
    /// whatever it started, as `import mcp --` does.
    #[arg(long, requires = "command")]
    pub from_mcp: bool,
    /// The MCP server to start, after `--` (with --from-mcp).
    #[arg(last = true, value_name = "COMMAND", requires = "from_mcp")]
    pub command: Vec<String>,
    /// Print errors only: not the files written nor the commands to run next, nor the
    /// warnings of importing the server's tools. The exit code is the same.
    #[arg(short, long)]
    pub quiet: bool,
}

impl Run for Request {
    /// Its messages are errors, never diagnostics.
    fn renderer(&self) -> Renderer {
        Renderer::new(ErrorFormat::Human, false)
    }

    fn quiet(&self) -> bool {
        self.quiet
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let server = self.from_mcp.then_some(self.command.as_slice());
        let written = write_starter(Path::new("."), self.format, server, log);
        written.map(|text| if self.quiet { String::new() } else { text }).into()
    }
}

/// The names the starter files are written under, each relative to the project's folder.
struct Names {
    declaration: String,
    declaration_schema: &'static str,
    config_schema: &'static str,
}

impl Names {
    fn new(format: StarterFormat) -> Names {
        Names {
            declaration: format!("{DECLARATION_STEM}.{}", format.extension()),
            declaration_schema: file_name(artifacts::DECLARATION_SCHEMA_PATH),
            config_schema: file_name(artifacts::CONFIG_SCHEMA_PATH),
        }
    }
}

/// The last part of a `/`-separated artifact path: the schemas are written beside the
/// files that name them, not in the `schemas/` folder of the protocol artifacts.
fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// What the starter's declaration template is given.
#[derive(Serialize)]
struct DeclarationContext<'a> {
    /// The declaration schema's file name, which the modeline or `$schema` names.
    schema: &'a str,
    /// The declaration's own file name, for the command its comment shows.
    file: &'a str,
}

/// What `harn-catalog.toml`'s template is given.
#[derive(Serialize)]
struct ConfigContext<'a> {
    config_schema: &'a str,
    input: &'a str,
    output: &'a str,
}

/// Every file of the starter project in `format`, in the order they are reported: the
/// declaration, the configuration, then the schemas, exactly as `protocol-artifacts`
/// writes them.
fn starter_files(format: StarterFormat, names: &Names, declaration: Option<String>) -> Vec<Artifact> {
    let declaration = declaration.unwrap_or_else(|| {
        template::render(
            "starter declaration",
            format.template(),
            &DeclarationContext { schema: names.declaration_schema, file: &names.declaration },
        )
    });
    let config = template::render(
        "starter configuration",
        CONFIG_TEMPLATE,
        &ConfigContext { config_schema: names.config_schema, input: &names.declaration, output: CATALOG_OUTPUT },
    );
    let mut files = vec![
        Artifact { path: names.declaration.clone(), contents: declaration },
        Artifact { path: config::DEFAULT_CONFIG.to_owned(), contents: config },
    ];
    let protocol = super::protocol_artifacts::protocol_artifacts(&super::protocol_artifacts::crate_version());
    for (source, name) in [
        (artifacts::DECLARATION_SCHEMA_PATH, names.declaration_schema),
        (artifacts::CONFIG_SCHEMA_PATH, names.config_schema),
    ] {
        // Both paths are constants of the artifacts' own list, so each is found.
        if let Some(schema) = protocol.iter().find(|artifact| artifact.path == source) {
            files.push(Artifact { path: name.to_owned(), contents: schema.contents.clone() });
        }
    }
    files
}

/// The declaration of the tools the MCP server `command` lists, in `format`, with the
/// schema line the starter's own has; the server is started in `folder` and stopped.
fn from_server(
    command: &[String],
    folder: &Path,
    format: StarterFormat,
    schema: &str,
    log: &mut Log<'_>,
) -> Result<String, Failed> {
    let shown = command.join(" ");
    let listing = crate::import::live::list_over_stdio(command, Some(folder), std::time::Duration::from_secs(30))
        .map_err(|error| log.fail(Failed::Unusable, format!("{}; nothing was written", error.report())))?;
    let imported = crate::import::import_listing(&listing, &format!("tools/list of {shown}"), None);
    let declaration = log.outcome(&imported.diagnostics, imported.declaration)?;
    let output = match format {
        StarterFormat::Yaml => crate::import::Output::Yaml,
        StarterFormat::Json => crate::import::Output::Json,
        StarterFormat::Toml => crate::import::Output::Toml,
    };
    let text = crate::import::render(&declaration, output)
        .map_err(|e| log.fail(Failed::Unusable, format!("{e}; nothing was written")))?;
    Ok(match format {
        StarterFormat::Yaml => {
            format!("# yaml-language-server: $schema=./{schema}\n# The tools of `{shown}`.\n\n{text}")
        }
        StarterFormat::Toml => format!("#:schema ./{schema}\n# The tools of `{shown}`.\n\n{text}"),
        // JSON has no comments: the schema is named by `$schema`, its first member.
        StarterFormat::Json => match text.strip_prefix('{') {
            Some(rest) => format!("{{\n  \"$schema\": \"./{schema}\",{rest}"),
            None => text,
        },
    })
}

/// Writes the starter project into `folder` (the text names each file written, then
/// the commands to run next), its declaration the example tool or, with `server`, the
/// tools that MCP server lists; when any of its files exists already, it writes
/// nothing (and starts no server) and fails with [`Failed::Refused`], naming each.
fn write_starter(
    folder: &Path,
    format: StarterFormat,
    server: Option<&[String]>,
    log: &mut Log<'_>,
) -> Result<String, Failed> {
    let names = Names::new(format);
    let paths = [names.declaration.as_str(), config::DEFAULT_CONFIG, names.declaration_schema, names.config_schema];
    let mut existing = Vec::new();
    for path in paths {
        // `symlink_metadata`: a dangling link is something in the way too.
        match std::fs::symlink_metadata(folder.join(path)) {
            Ok(_) => existing.push(path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(log.fail(Failed::Unusable, format!("cannot look for {path}: {e}"))),
        }
    }
    if !existing.is_empty() {
        let mut message =
            String::from("error: these files exist already; `init` overwrites nothing, so nothing was written:\n");
        for path in &existing {
            let _ = writeln!(message, "  {path}");
        }
        message.push_str("help: move them away, or run `harn-catalog init` in an empty folder\n");
        log.text(&message);
        return Err(Failed::Refused);
    }
    let declaration = match server {
        Some(command) => Some(from_server(command, folder, format, names.declaration_schema, log)?),
        None => None,
    };
    let files = starter_files(format, &names, declaration);
    let written = drift::write(folder, &files, &[])
        .map_err(|e| log.fail(Failed::Unusable, format!("cannot write the starter project: {e}")))?;
    let mut out = String::new();
    for path in &written {
        let _ = writeln!(out, "wrote {path}");
    }
    out.push_str("\nnext:\n");
    let next = [
        (
            format!("harn-catalog schema {} --pretty", names.declaration),
            "compile it: its catalog, or what is wrong and where".to_owned(),
        ),
        ("harn-catalog gen".to_owned(), format!("write {CATALOG_OUTPUT}, as {} lists", config::DEFAULT_CONFIG)),
        ("harn-catalog check".to_owned(), format!("in CI: fail when {CATALOG_OUTPUT} is out of date")),
    ];
    let width = next.iter().map(|(command, _)| command.len()).max().unwrap_or(0);
    for (command, why) in &next {
        let _ = writeln!(out, "  {command:width$}   # {why}");
    }
    Ok(out)
}
