"""End to end: harn-catalog's language server driven by a real LSP client (pygls's
LanguageClient, installed by `make tools`) over stdio, as an editor drives it: open a
registry with a misspelt key, read the diagnostic and its quick fix, edit the file
until the diagnostic clears, then hover, go to definition, complete, list symbols,
shut down. Any failed check raises, which exits non-zero; tests/it/lsp.rs runs it.

usage: client.py HARN_CATALOG PROJECT

PROJECT is a folder whose harn-catalog.toml names the openai-strict profile: a
registry opened there also gets that profile's findings, with the quick fix that
closes an object.
"""

import asyncio
import pathlib
import sys

from lsprotocol import types as t
from pygls.lsp.client import LanguageClient

URI = "file:///workspace/tools.yaml"

BROKEN = """info:
  name: lsp-demo
components:
  schemas:
    Widget:
      type: object
      properties:
        id: {type: string}
tools:
  - name: lookup_widget
    descripton: Look up one widget.
    inputSchema:
      type: object
      properties:
        widget_id: {type: string}
      required: [widget_id]
    outputSchema:
      $ref: "#/components/schemas/Widget"
"""

FIXED = BROKEN.replace("descripton", "description")


def check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(f"check failed: {what}")


def position_of(text: str, needle: str, after: int = 0, start: int = 0) -> t.Position:
    """The position `after` characters into the first `needle` from byte `start`."""
    offset = text.index(needle, start) + after
    line = text.count("\n", 0, offset)
    return t.Position(line=line, character=offset - (text.rfind("\n", 0, offset) + 1))


async def main(binary: str, project: str) -> None:
    client = LanguageClient("harn-catalog-lsp-test", "1.0")
    published: asyncio.Queue[t.PublishDiagnosticsParams] = asyncio.Queue()

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: t.PublishDiagnosticsParams) -> None:
        published.put_nowait(params)

    await client.start_io(binary, "lsp", "--stdio")
    result = await client.initialize_async(t.InitializeParams(capabilities=t.ClientCapabilities()))
    check(result.capabilities.hover_provider is not None, "the server answers hover")
    client.initialized(t.InitializedParams())

    # Open: the misspelt key is reported where it is written, with its rule and help.
    item = t.TextDocumentItem(uri=URI, language_id="yaml", version=1, text=BROKEN)
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=item))
    opened = await asyncio.wait_for(published.get(), 30)
    codes = [d.code for d in opened.diagnostics]
    check(codes == ["unknown-tool-key"], f"one unknown-tool-key diagnostic, not {codes}")
    diagnostic = opened.diagnostics[0]
    check(diagnostic.range.start == position_of(BROKEN, "descripton"), f"at the key: {diagnostic.range}")
    check("did you mean" in diagnostic.message, f"with its help line: {diagnostic.message}")
    link = diagnostic.code_description.href if diagnostic.code_description else ""
    check(link.endswith("/docs/rules.md#unknown-tool-key"), f"its code links to the rule's section: {link!r}")

    # Its quick fix replaces the key with the spelling the help line gives.
    actions = await client.text_document_code_action_async(
        t.CodeActionParams(
            text_document=t.TextDocumentIdentifier(uri=URI),
            range=diagnostic.range,
            context=t.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    check(actions is not None and len(actions) == 1, f"one quick fix: {actions}")
    action = actions[0]
    assert isinstance(action, t.CodeAction) and action.edit is not None and action.edit.changes is not None
    edits = action.edit.changes[URI]
    check([e.new_text for e in edits] == ["description"], f"the fix writes description: {edits}")

    # Edit: the diagnostic clears.
    client.text_document_did_change(
        t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[t.TextDocumentContentChangeWholeDocument(text=FIXED)],
        )
    )
    fixed = await asyncio.wait_for(published.get(), 30)
    check(len(fixed.diagnostics) == 0, f"no diagnostic once fixed: {fixed.diagnostics}")

    # A request the server does not answer gets an error; the server goes on.
    try:
        await client.protocol.send_request_async("harn/unknown", {"x": 1})
    except Exception as refused:  # pygls raises the JSON-RPC error it was answered
        check("harn/unknown" in str(refused), f"the error names the method: {refused!r}")
    else:
        raise AssertionError("check failed: an unknown request was answered as if it were known")

    doc = t.TextDocumentIdentifier(uri=URI)
    hover = await client.text_document_hover_async(
        t.HoverParams(text_document=doc, position=position_of(FIXED, "lookup_widget", 3))
    )
    assert hover is not None and isinstance(hover.contents, t.MarkupContent)
    check("lookup_widget(widget_id: string) -> Widget" in hover.contents.value, f"the signature: {hover.contents.value}")
    check("Contract hash: `sha256:" in hover.contents.value, f"the contract hash: {hover.contents.value}")
    check("tokens" in hover.contents.value, f"the context cost: {hover.contents.value}")

    definition = await client.text_document_definition_async(
        t.DefinitionParams(text_document=doc, position=position_of(FIXED, "#/components/schemas/Widget", 5))
    )
    check(isinstance(definition, t.Location), f"a location: {definition}")
    assert isinstance(definition, t.Location)
    check(definition.range.start == position_of(FIXED, "Widget:"), f"the component's key: {definition.range}")

    completion = await client.text_document_completion_async(
        t.CompletionParams(text_document=doc, position=position_of(FIXED, '"#/components', 0))
    )
    labels = [i.label for i in (completion.items if isinstance(completion, t.CompletionList) else completion or [])]
    check("#/components/schemas/Widget" in labels, f"the component is offered after $ref: {labels}")

    # At the start of a tool's key, the keys the declaration schema allows in a tool.
    completion = await client.text_document_completion_async(
        t.CompletionParams(text_document=doc, position=position_of(FIXED, "inputSchema"))
    )
    items = completion.items if isinstance(completion, t.CompletionList) else completion or []
    labels = [i.label for i in items]
    check("annotations" in labels and "tools" not in labels, f"a tool's keys: {labels}")
    check(all(i.documentation for i in items if i.label == "annotations"), "with their descriptions")

    symbols = await client.text_document_document_symbol_async(t.DocumentSymbolParams(text_document=doc))
    names = [s.name for s in symbols or []]
    check(names == ["lookup_widget", "Widget"], f"the outline: {names}")

    # harn-catalog.toml is checked as a configuration, not as a registry.
    config_uri = "file:///workspace/harn-catalog.toml"
    config = '[[catalog]]\ninput = "tools.yaml"\noutput = "catalog.json"\nformat = "compact"\n'
    item = t.TextDocumentItem(uri=config_uri, language_id="toml", version=1, text=config)
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=item))
    checked = await asyncio.wait_for(published.get(), 30)
    check(checked.uri == config_uri, f"the configuration's diagnostics: {checked.uri}")
    check(len(checked.diagnostics) == 1, f"one: {checked.diagnostics}")
    check(checked.diagnostics[0].range.start.line == 3, f"on the unknown key's line: {checked.diagnostics[0]}")
    client.text_document_did_change(
        t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=config_uri, version=2),
            content_changes=[t.TextDocumentContentChangeWholeDocument(text=config.replace('format = "compact"\n', ""))],
        )
    )
    cleared = await asyncio.wait_for(published.get(), 30)
    check(len(cleared.diagnostics) == 0, f"none once fixed: {cleared.diagnostics}")

    # In a project whose configuration names a client profile, its findings join in,
    # and the quick fix that closes an object closes it.
    project_uri = f"file://{project}/tools.yaml"
    item = t.TextDocumentItem(uri=project_uri, language_id="yaml", version=1, text=FIXED)
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=item))
    linted = await asyncio.wait_for(published.get(), 30)
    open_objects = [d for d in linted.diagnostics if d.code == "openai-strict-open-object"]
    input_type = position_of(FIXED, "type: object", start=FIXED.index("inputSchema"))
    check(
        [d.range.start for d in open_objects] == [input_type],
        f"the profile's finding at the input schema's type: {linted.diagnostics}",
    )
    actions = await client.text_document_code_action_async(
        t.CodeActionParams(
            text_document=t.TextDocumentIdentifier(uri=project_uri),
            range=open_objects[0].range,
            context=t.CodeActionContext(diagnostics=open_objects),
        )
    )
    closing = [a for a in actions or [] if isinstance(a, t.CodeAction) and a.title == "Add additionalProperties: false"]
    check(len(closing) == 1, f"a quick fix closes the object: {actions}")
    assert closing[0].edit is not None and closing[0].edit.changes is not None
    (edit,) = closing[0].edit.changes[project_uri]
    offset = FIXED.index("type: object", FIXED.index("inputSchema"))
    closed = FIXED[:offset] + edit.new_text + FIXED[offset:]
    client.text_document_did_change(
        t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=project_uri, version=2),
            content_changes=[t.TextDocumentContentChangeWholeDocument(text=closed)],
        )
    )
    relinted = await asyncio.wait_for(published.get(), 30)
    codes = [d.code for d in relinted.diagnostics]
    check("openai-strict-open-object" not in codes and "unknown-tool-key" not in codes, f"closed: {codes}")

    # A .harn module: its import leads to the module it reads.
    main_harn = pathlib.Path(__file__).resolve().parents[2] / "fixtures/harn/imports/main.harn"
    harn_uri = main_harn.as_uri()
    harn_text = main_harn.read_text()
    item = t.TextDocumentItem(uri=harn_uri, language_id="harn", version=1, text=harn_text)
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=item))
    compiled = await asyncio.wait_for(published.get(), 30)
    check(compiled.uri == harn_uri and len(compiled.diagnostics) == 0, f"the module compiles: {compiled}")
    definition = await client.text_document_definition_async(
        t.DefinitionParams(
            text_document=t.TextDocumentIdentifier(uri=harn_uri), position=position_of(harn_text, '"./types"', 3)
        )
    )
    check(
        isinstance(definition, t.Location) and definition.uri == (main_harn.parent / "types.harn").as_uri(),
        f"the import leads to types.harn: {definition}",
    )

    # A harness directory's sidecar: what the directory's compile says of it, not a
    # registry's diagnostics.
    sidecar = pathlib.Path(__file__).resolve().parents[2] / "fixtures/harness/refusals/.harness/tools/misnamed.schema.json"
    item = t.TextDocumentItem(uri=sidecar.as_uri(), language_id="json", version=1, text=sidecar.read_text())
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=item))
    harness = await asyncio.wait_for(published.get(), 30)
    codes = [d.code for d in harness.diagnostics]
    check(codes == ["harness-tool-name"], f"the sidecar's own diagnostic: {harness.diagnostics}")
    check(harness.diagnostics[0].range.start == t.Position(line=0, character=9), f"at its name: {harness.diagnostics}")

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    print("lsp end to end: ok")


asyncio.run(main(sys.argv[1], sys.argv[2]))
