//! The language server's loop over one connection: the documents the editor opened,
//! compiled again on every change (the changes already waiting are applied first, so
//! a burst of keystrokes is compiled once), diagnostics published, and requests
//! answered. A request whose handler panics is answered with an error; the server
//! goes on.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest, Request as _,
};
use lsp_types::{
    CodeActionOrCommand, CodeActionProviderCapability, CompletionOptions, CompletionResponse, DocumentSymbolResponse,
    GotoDefinitionResponse, Hover, HoverContents, HoverProviderCapability, MarkupContent, MarkupKind, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use serde_json::Value;

use super::document::Document;
use super::position::Lines;

/// What the server advertises: full-text sync, and the requests it answers.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["\"".to_owned(), ":".to_owned(), " ".to_owned()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// The open documents, by URI.
#[derive(Default)]
struct Documents(HashMap<Uri, Document>);

/// Serves `connection` until the client shuts it down (or hangs up).
pub fn serve(connection: &Connection) -> Result<(), String> {
    let mut documents = Documents::default();
    let mut pending: Vec<Message> = Vec::new();
    loop {
        let message = match pending.pop() {
            Some(message) => message,
            None => match connection.receiver.recv() {
                Ok(message) => message,
                Err(_) => return Ok(()),
            },
        };
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request).map_err(|e| e.to_string())? {
                    return Ok(());
                }
                let response = answer(&documents, request);
                connection.sender.send(Message::Response(response)).map_err(|e| e.to_string())?;
            }
            Message::Notification(notification) => {
                // Debounce: the texts already waiting replace this one before a compile.
                let mut latest = vec![notification];
                while let Ok(next) = connection.receiver.try_recv() {
                    match next {
                        Message::Notification(n) => latest.push(n),
                        other => {
                            pending.push(other);
                            break;
                        }
                    }
                }
                for changed in documents.apply(latest) {
                    let document = &documents.0[&changed];
                    let params = PublishDiagnosticsParams {
                        uri: changed.clone(),
                        diagnostics: document.diagnostics.clone(),
                        version: None,
                    };
                    let published = Notification::new(PublishDiagnostics::METHOD.to_owned(), params);
                    connection.sender.send(Message::Notification(published)).map_err(|e| e.to_string())?;
                }
            }
            Message::Response(_) => {}
        }
    }
}

impl Documents {
    /// Applies the notifications in order, then compiles each document they changed,
    /// once; the URIs compiled (a closed document is published empty).
    fn apply(&mut self, notifications: Vec<Notification>) -> Vec<Uri> {
        let mut texts: Vec<(Uri, Option<String>)> = Vec::new();
        for notification in notifications {
            let change = match notification.method.as_str() {
                DidOpenTextDocument::METHOD => notification
                    .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                    .ok()
                    .map(|p| (p.text_document.uri, Some(p.text_document.text))),
                DidChangeTextDocument::METHOD => notification
                    .extract::<lsp_types::DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
                    .ok()
                    .and_then(|p| Some((p.text_document.uri, Some(p.content_changes.into_iter().last()?.text)))),
                DidCloseTextDocument::METHOD => notification
                    .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                    .ok()
                    .map(|p| (p.text_document.uri, None)),
                _ => None,
            };
            if let Some((uri, text)) = change {
                texts.retain(|(u, _)| *u != uri);
                texts.push((uri, text));
            }
        }
        let mut changed = Vec::new();
        for (uri, text) in texts {
            match text {
                Some(text) => {
                    let analysed = catch_unwind(AssertUnwindSafe(|| Document::analyse(uri.clone(), text.clone())));
                    // A compile that panics leaves the document without findings rather
                    // than the server down.
                    let document = analysed.unwrap_or_else(|_| Document::unread(uri.clone(), text));
                    self.0.insert(uri.clone(), document);
                }
                None => {
                    // Closed: its findings are withdrawn.
                    self.0.insert(uri.clone(), Document::unread(uri.clone(), String::new()));
                }
            }
            changed.push(uri);
        }
        changed
    }
}

/// The response to one request; a handler that panics answers with an internal error.
fn answer(documents: &Documents, request: Request) -> Response {
    let id = request.id.clone();
    match catch_unwind(AssertUnwindSafe(|| respond(documents, request))) {
        Ok(Ok(result)) => Response::new_ok(id, result),
        Ok(Err((code, message))) => Response::new_err(id, code as i32, message),
        Err(_) => {
            Response::new_err(id, ErrorCode::InternalError as i32, "the request failed inside harn-catalog".into())
        }
    }
}

type Answer = Result<Value, (ErrorCode, String)>;

fn respond(documents: &Documents, request: Request) -> Answer {
    let invalid = |e: lsp_server::ExtractError<Request>| (ErrorCode::InvalidParams, format!("{e:?}"));
    match request.method.as_str() {
        HoverRequest::METHOD => {
            let (_, params) = request.extract::<lsp_types::HoverParams>(HoverRequest::METHOD).map_err(invalid)?;
            let at = params.text_document_position_params;
            let hover =
                documents.at(&at.text_document.uri, at.position).and_then(|(d, o)| d.hover(o)).map(|text| Hover {
                    contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: text }),
                    range: None,
                });
            json(&hover)
        }
        GotoDefinition::METHOD => {
            let (_, params) =
                request.extract::<lsp_types::GotoDefinitionParams>(GotoDefinition::METHOD).map_err(invalid)?;
            let at = params.text_document_position_params;
            let found = documents.at(&at.text_document.uri, at.position).and_then(|(d, o)| d.definition(o));
            json(&found.map(GotoDefinitionResponse::Scalar))
        }
        DocumentSymbolRequest::METHOD => {
            let (_, params) =
                request.extract::<lsp_types::DocumentSymbolParams>(DocumentSymbolRequest::METHOD).map_err(invalid)?;
            let symbols = documents.0.get(&params.text_document.uri).map(Document::symbols).unwrap_or_default();
            json(&DocumentSymbolResponse::Nested(symbols))
        }
        CodeActionRequest::METHOD => {
            let (_, params) =
                request.extract::<lsp_types::CodeActionParams>(CodeActionRequest::METHOD).map_err(invalid)?;
            let actions = documents.0.get(&params.text_document.uri).map_or_else(Vec::new, |document| {
                let lines = Lines::new(&document.text);
                let range = lines.offset(params.range.start)..lines.offset(params.range.end);
                document.code_actions(range).into_iter().map(CodeActionOrCommand::CodeAction).collect()
            });
            json(&actions)
        }
        Completion::METHOD => {
            let (_, params) = request.extract::<lsp_types::CompletionParams>(Completion::METHOD).map_err(invalid)?;
            let at = params.text_document_position;
            let items = documents
                .at(&at.text_document.uri, at.position)
                .map(|(document, offset)| document.completions(offset, &document.component_names()))
                .unwrap_or_default();
            json(&CompletionResponse::Array(items))
        }
        other => Err((ErrorCode::MethodNotFound, format!("harn-catalog does not answer {other}"))),
    }
}

impl Documents {
    /// The open document `uri` and the byte offset of `position` in it.
    fn at(&self, uri: &Uri, position: lsp_types::Position) -> Option<(&Document, usize)> {
        let document = self.0.get(uri)?;
        let offset = Lines::new(&document.text).offset(position);
        Some((document, offset))
    }
}

/// An answer's JSON.
fn json<T: serde::Serialize>(value: &T) -> Answer {
    serde_json::to_value(value).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}
