//! `harn-catalog search`: one page of what a model finds for a query (lexical-v1), in
//! an index file `index` wrote, searched as it is, or in any other input, indexed first.

use super::{IndexInput, Outcome, Run, index::on_index_of};
use crate::diagnostics::{ErrorFormat, Failed, Log, Renderer};
use crate::emit::{self, Layout};
use crate::index::render;
use crate::index::search::{self, BadCursor, DEFAULT_LIMIT, FileError, MAX_LIMIT};
use crate::ingest::InputFile;

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    #[command(flatten)]
    pub input: IndexInput,
    /// What to look for, in words ("read files").
    pub query: String,
    /// Results per page (at most 100).
    #[arg(long, default_value_t = DEFAULT_LIMIT as u16, value_parser = clap::value_parser!(u16).range(1..=MAX_LIMIT as i64))]
    pub limit: u16,
    /// The `nextCursor` of the previous page.
    #[arg(long)]
    pub cursor: Option<String>,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.input.run.renderer()
    }

    fn quiet(&self) -> bool {
        self.input.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let input = match self.input.input() {
            Ok(input) => input,
            Err(e) => return Outcome::failed(log.fail(Failed::Unusable, e)),
        };
        let file = input.path();
        // An index `index` wrote is searched as it is; anything else is indexed first.
        let mapped = match &input {
            InputFile::Path(path) => search::map(path),
            InputFile::Stdin { .. } => None,
        };
        let bytes: &[u8] = match &input {
            InputFile::Stdin { read: Ok(source), .. } => source.text.as_bytes(),
            _ => mapped.as_deref().unwrap_or_default(),
        };
        let (query, limit, cursor) = (self.query.as_str(), usize::from(self.limit), self.cursor.as_deref());
        match search::search_file(bytes, query, limit, cursor) {
            Some(Ok(page)) => Outcome::text(self.render(&page)),
            Some(Err(FileError::BadCursor)) => Outcome::failed(self.bad_cursor(log)),
            Some(Err(FileError::Invalid(e))) => {
                let message = format!("{} starts as a discovery index but is not one: {e}", file.display());
                Outcome::failed(log.fail(Failed::Unusable, message))
            }
            None => on_index_of(&input, &self.input, log, |built, log| {
                match search::search(&built.index, query, limit, cursor) {
                    Ok(page) => Outcome::text(self.render(&page)),
                    Err(BadCursor) => Outcome::failed(self.bad_cursor(log)),
                }
            }),
        }
    }
}

impl Request {
    /// A page as the report format asks: JSON, or text for a person.
    fn render(&self, page: &search::Page<'_>) -> String {
        if self.input.run.report.format == ErrorFormat::Json {
            emit::canonical_json(page, Layout::Compact)
        } else {
            render::page(page)
        }
    }

    /// The cursor did not come from this search: a usage error, logged.
    fn bad_cursor(&self, log: &mut Log<'_>) -> Failed {
        let cursor = self.cursor.as_deref().unwrap_or_default();
        let message = format!(
            "the cursor {cursor:?} was not handed out for this query over this catalog; search again without --cursor"
        );
        log.fail(Failed::Unusable, message)
    }
}
