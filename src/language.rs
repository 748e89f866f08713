//! The languages an SDK is generated in, as the configuration's `[[sdk]]` and `sdk
//! --lang` name them. Apart from the SDK emitter, so that the configuration can name
//! one without reaching up to `emit`; what a language needs of the prepare phase is
//! said beside its renderer (`emit::sdk`).

/// The languages an SDK is generated in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
#[value(rename_all = "lower")]
pub enum Language {
    TypeScript,
    Rust,
    Markdown,
    Python,
}

impl Language {
    pub fn as_str(self) -> &'static str {
        match self {
            Language::TypeScript => "typescript",
            Language::Rust => "rust",
            Language::Markdown => "markdown",
            Language::Python => "python",
        }
    }
}
