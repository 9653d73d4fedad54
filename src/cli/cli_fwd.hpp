#pragma once
/// The CLI11 types that cli headers name, declared only. CLI11 is header-only and costs seconds
/// of compile time in every unit that includes it, so only the units that declare options or
/// read a parsed command line include <CLI/CLI.hpp> (docs/architecture.md, build time).

namespace CLI {
class App;
class ParseError;
}  // namespace CLI
