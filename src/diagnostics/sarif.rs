//! SARIF 2.1.0, the static-analysis log GitHub code scanning and editors read: one
//! document per run, built from diagnostics (and, by `diff`, from changes) with the
//! types of `serde-sarif`, which are generated from the SARIF schema.
//!
//! The document has one run: the tool and the rules its results name (code, summary,
//! help line, a link to the rule's section of `docs/rules.md`), each result with its
//! level and where it is (file, and line and column of the key or value, counted in
//! characters), and the messages that are not findings (an unreadable file, a stale
//! output) as notifications of the run's one invocation.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
use serde_json::Value;
use serde_sarif::sarif;

use super::{Diagnostic, Failed, Origin, Severity, rule_docs_url};

/// The base that relative artifact URIs resolve against: the folder the command ran in.
const SRCROOT: &str = "%SRCROOT%";

/// What a path segment keeps unescaped in a URI: RFC 3986's unreserved characters
/// and the sub-delimiters a path allows (percent-encoding has no such set of its own).
const PATH_SEGMENT: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// How bad a result is, in SARIF's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SarifLevel {
    Error,
    Warning,
    Note,
}

impl SarifLevel {
    fn result_level(self) -> sarif::ResultLevel {
        match self {
            SarifLevel::Error => sarif::ResultLevel::Error,
            SarifLevel::Warning => sarif::ResultLevel::Warning,
            SarifLevel::Note => sarif::ResultLevel::Note,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            SarifLevel::Error => "error",
            SarifLevel::Warning => "warning",
            SarifLevel::Note => "note",
        }
    }
}

impl From<Severity> for SarifLevel {
    fn from(severity: Severity) -> SarifLevel {
        match severity {
            Severity::Error => SarifLevel::Error,
            Severity::Warning => SarifLevel::Warning,
            Severity::Note => SarifLevel::Note,
        }
    }
}

/// A rule as SARIF lists it.
pub struct SarifRule<'a> {
    pub code: &'a str,
    pub summary: &'a str,
    pub help: Option<&'a str>,
    pub level: SarifLevel,
}

/// One finding: its rule (added to the log's rules on first use), level, message, the
/// place it is about and the places it mentions.
pub struct SarifResult<'a> {
    pub rule: SarifRule<'a>,
    pub level: SarifLevel,
    pub message: String,
    pub origin: Option<&'a Origin>,
    pub related: Vec<(&'a Origin, &'a str)>,
    /// Identities of the finding that hold across runs (`diff`'s change fingerprint).
    pub fingerprints: BTreeMap<String, String>,
    /// What else a reader may want (a profile finding's profile and tool).
    pub properties: BTreeMap<String, Value>,
}

/// A SARIF log being gathered; [`SarifLog::finish`] writes it.
#[derive(Default)]
pub struct SarifLog {
    rules: Vec<sarif::ReportingDescriptor>,
    index: HashMap<String, usize>,
    results: Vec<sarif::Result>,
    notifications: Vec<sarif::Notification>,
}

impl SarifLog {
    pub fn new() -> SarifLog {
        SarifLog::default()
    }

    /// Adds a diagnostic as a result of its rule.
    pub fn diagnostic(&mut self, d: &Diagnostic) {
        let mut properties = BTreeMap::new();
        if let Some(finding) = &d.profile {
            properties.insert("profile".to_owned(), Value::from(finding.profile));
            properties.insert("tool".to_owned(), Value::from(finding.tool.clone()));
            properties.insert("mcpPointer".to_owned(), Value::from(finding.pointer.clone()));
        }
        let mut message = d.message.clone();
        if let Some(help) = d.help.as_deref().filter(|help| Some(*help) != d.rule.help) {
            // A help line of this diagnostic's own: the rule's is in the rule.
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        self.result(SarifResult {
            rule: SarifRule {
                code: d.rule.code,
                summary: d.rule.summary,
                help: d.rule.help,
                level: d.rule.severity.into(),
            },
            level: d.severity.into(),
            message,
            origin: d.origin.as_ref(),
            related: d.related.iter().map(|r| (&r.origin, r.message.as_str())).collect(),
            fingerprints: BTreeMap::new(),
            properties,
        });
    }

    /// Adds a result.
    pub fn result(&mut self, result: SarifResult<'_>) {
        let rule_index = self.rule_index(&result.rule);
        let related: Vec<sarif::Location> = result
            .related
            .iter()
            .enumerate()
            .map(|(i, (origin, message))| {
                let mut location = location(origin);
                location.id = Some(i as i64);
                location.message = Some(message_text(message));
                location
            })
            .collect();
        let properties = (!result.properties.is_empty())
            .then(|| sarif::PropertyBag::builder().additional_properties(result.properties).build());
        let built = sarif::Result::builder()
            .rule_id(result.rule.code)
            .rule_index(rule_index as i64)
            .level(result.level.result_level())
            .message(message_text(&result.message));
        let mut built = built.build();
        built.locations = result.origin.map(|origin| vec![location(origin)]);
        built.related_locations = (!related.is_empty()).then_some(related);
        built.partial_fingerprints = (!result.fingerprints.is_empty()).then_some(result.fingerprints);
        built.properties = properties;
        self.results.push(built);
    }

    /// Adds a message that is not a finding, as a notification of the run: its level
    /// read from how it starts (`error:`, `warning:`, else a note).
    pub fn notification(&mut self, text: &str) {
        let text = text.trim_end();
        if text.is_empty() {
            return;
        }
        let level = if text.starts_with("error") {
            SarifLevel::Error
        } else if text.starts_with("warning") {
            SarifLevel::Warning
        } else {
            SarifLevel::Note
        };
        self.notifications.push(
            sarif::Notification::builder().message(message_text(text)).level(Value::from(level.as_str())).build(),
        );
    }

    /// The index of `rule` among the log's rules, adding it on first use.
    fn rule_index(&mut self, rule: &SarifRule<'_>) -> usize {
        if let Some(&index) = self.index.get(rule.code) {
            return index;
        }
        let mut descriptor = sarif::ReportingDescriptor::builder()
            .id(rule.code)
            .short_description(multiformat(rule.summary))
            .help_uri(rule_docs_url(rule.code))
            .default_configuration(
                sarif::ReportingConfiguration::builder().level(Value::from(rule.level.as_str())).build(),
            )
            .build();
        if let Some(help) = rule.help {
            descriptor.help = Some(multiformat(help));
        }
        self.index.insert(rule.code.to_owned(), self.rules.len());
        self.rules.push(descriptor);
        self.rules.len() - 1
    }

    /// The document, pretty-printed, for a run that ended as `ended` (with its exit
    /// code; `None` when the caller does not know it yet): an invocation that failed to
    /// run (an unreadable input, a usage error) is not successful; one that refused its
    /// input is.
    pub fn finish(self, ended: Option<Result<(), Failed>>) -> String {
        let driver = sarif::ToolComponent::builder()
            .name(env!("CARGO_PKG_NAME"))
            .version(env!("CARGO_PKG_VERSION"))
            .semantic_version(env!("CARGO_PKG_VERSION"))
            .information_uri(env!("CARGO_PKG_REPOSITORY"))
            .rules(self.rules)
            .build();
        let mut invocation =
            sarif::Invocation::builder().execution_successful(ended != Some(Err(Failed::Unusable))).build();
        // The exit codes of spec/decisions.md 12, as main.rs maps them.
        invocation.exit_code = ended.map(|ended| match ended {
            Ok(()) => 0,
            Err(Failed::Refused) => 1,
            Err(Failed::Unusable) => 2,
        });
        invocation.tool_execution_notifications = (!self.notifications.is_empty()).then_some(self.notifications);
        let mut run = sarif::Run::builder()
            .tool(sarif::Tool::builder().driver(driver).build())
            .results(self.results)
            .invocations(vec![invocation])
            .column_kind(Value::from("unicodeCodePoints"))
            .build();
        if let Some(root) = working_directory() {
            let base = sarif::ArtifactLocation::builder().uri(root).build();
            run.original_uri_base_ids = Some(BTreeMap::from([(SRCROOT.to_owned(), base)]));
        }
        let log = sarif::Sarif::builder()
            .schema("https://json.schemastore.org/sarif-2.1.0.json")
            .version(Value::from("2.1.0"))
            .runs(vec![run])
            .build();
        let mut text = serde_json::to_string_pretty(&log).expect("a SARIF log serialises");
        text.push('\n');
        text
    }
}

fn message_text(text: &str) -> sarif::Message {
    sarif::Message::builder().text(text).build()
}

fn multiformat(text: &str) -> sarif::MultiformatMessageString {
    sarif::MultiformatMessageString::builder().text(text).build()
}

/// Where `origin` is: its file, and the region of its key or value when it is found.
fn location(origin: &Origin) -> sarif::Location {
    let path = origin.source.display_path();
    let mut artifact = sarif::ArtifactLocation::builder().uri(uri_of(Path::new(&path))).build();
    if Path::new(&path).is_relative() {
        artifact.uri_base_id = Some(SRCROOT.to_owned());
    }
    let mut physical = sarif::PhysicalLocation::builder().artifact_location(artifact).build();
    if let Some(range) = origin.range() {
        let (start, end) = (origin.source.line_col(range.start), origin.source.line_col(range.end));
        physical.region = Some(sarif::Region {
            start_line: Some(start.line as i64),
            start_column: Some(start.column as i64),
            end_line: Some(end.line as i64),
            end_column: Some(end.column as i64),
            ..sarif::Region::default()
        });
    }
    sarif::Location::builder().physical_location(physical).build()
}

/// A path as a URI: a relative reference for a relative path, a `file:` URI for an
/// absolute one, each segment percent-encoded.
fn uri_of(path: &Path) -> String {
    let segments: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(s) => {
                Some(utf8_percent_encode(&s.to_string_lossy(), PATH_SEGMENT).to_string())
            }
            std::path::Component::ParentDir => Some("..".to_owned()),
            std::path::Component::CurDir | std::path::Component::RootDir | std::path::Component::Prefix(_) => None,
        })
        .collect();
    let joined = segments.join("/");
    if path.is_absolute() { format!("file:///{joined}") } else { joined }
}

/// The folder the command runs in, as a `file:` URI ending in `/`.
fn working_directory() -> Option<String> {
    let mut uri = uri_of(&std::env::current_dir().ok()?);
    uri.push('/');
    Some(uri)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references_with_their_segments_escaped() {
        assert_eq!(uri_of(Path::new("fixtures/a b/tools#1.yaml")), "fixtures/a%20b/tools%231.yaml");
        assert_eq!(uri_of(Path::new("../up/x.json")), "../up/x.json");
        assert_eq!(uri_of(Path::new("/abs/dir/x.toml")), "file:///abs/dir/x.toml");
        assert_eq!(uri_of(Path::new("./x.toml")), "x.toml");
    }

    #[test]
    fn a_notification_takes_its_level_from_how_it_starts() {
        let mut log = SarifLog::new();
        log.notification("error: cannot read x.yaml\n");
        log.notification("warning: something\n");
        log.notification("hint: run `harn-catalog gen`\n");
        log.notification("\n");
        let levels: Vec<Value> = log.notifications.iter().map(|n| n.level.clone().unwrap()).collect();
        assert_eq!(levels, ["error", "warning", "note"]);
    }
}
