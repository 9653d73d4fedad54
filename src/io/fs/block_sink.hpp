#pragma once
/// \file block_sink.hpp
/// Where an output's bytes go, block by block: writers hand their output to a sink, so that
/// large outputs never sit whole in memory.

#include <functional>
#include <string_view>

namespace dungen::io::fs {

/// Receives output bytes block by block.
using BlockSink = std::function<void(std::string_view)>;

}  // namespace dungen::io::fs
