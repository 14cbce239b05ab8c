// Helpers shared by the figure builders: readings from instance options, gnuplot data blocks.
#pragma once

#include "reference/relay.h"
#include "tools/report/figures.h"

#include <optional>
#include <string>
#include <vector>

namespace palcheck::report::detail {

/// The instance's initial relay state (option "initial_state", default 0).
InitialState initial_state(const Instance& instance);

/// An inline gnuplot data block `$name << EOD ... EOD` from rows of numbers already printed as text.
std::string data_block(const std::string& name, const std::vector<std::vector<std::string>>& rows);

/// A gnuplot string literal (double quotes, with backslash and quote escaped).
std::string quoted(const std::string& text);

/// Where and how every figure draws its legend: outside the plot on the right, in a small font, one column,
/// so that with titles from key_title it takes at most a quarter of the figure's width.
const std::string& key_settings();

/// A legend entry's title as a gnuplot string of at most 26 characters (longer ones are cut, ending in an
/// ellipsis; the data table has every name in full).
std::string key_title(const std::string& text);

/// "[a, b, c]" of exact values.
std::string exact_list(const std::vector<Q>& values);

/// Colours for series, cycled.
const std::string& colour(std::size_t index);

}  // namespace palcheck::report::detail
