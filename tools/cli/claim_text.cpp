// Text rendering of claims, verdicts and evidence (see claim_text.h).
#include "tools/cli/claim_text.h"

#include "claims/headline.h"
#include "claims/paper_sections.h"
#include "claims/reading_verdict.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

namespace palcheck::cli {

namespace {

using Z = boost::multiprecision::mpz_int;

constexpr std::size_t kRowIndent = 4;  // the continuation lines of a wrapped row of the verdict table

std::string join(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out;
}

std::string conditions_line(const std::map<std::string, std::string>& interpretation) {
  std::vector<std::string> parts;
  for (const auto& [k, v] : interpretation) parts.push_back(k + "=" + v);
  return join(parts, ", ");
}

// An instance's values as written: "[0, 1/3]", and a single value without brackets ("3"), as the
// evidence lines write it ("u=0").
std::string values_text(const std::vector<std::string>& values) {
  return values.size() == 1 ? values[0] : "[" + join(values, ", ") + "]";
}

std::string values_text(const std::vector<Q>& values) {
  std::vector<std::string> parts;
  for (const Q& q : values) parts.push_back(to_string(q));
  return values_text(parts);
}

}  // namespace

std::string decimal_text(const Q& q) {
  Z denominator = boost::multiprecision::denominator(q);
  int twos = 0, fives = 0;
  while (denominator % 2 == 0) denominator /= 2, ++twos;
  while (denominator % 5 == 0) denominator /= 5, ++fives;
  if (denominator != 1) {
    char text[32];
    std::snprintf(text, sizeof text, "~%.10g", to_double(q));
    return text;
  }
  int places = std::max(twos, fives);
  Z power = boost::multiprecision::pow(Z(10), static_cast<unsigned>(places));
  Z scaled = boost::multiprecision::numerator(Q(q * power));
  bool negative = scaled < 0;
  std::string digits = (negative ? Z(-scaled) : scaled).str();
  if (places > 0) {
    if (static_cast<int>(digits.size()) <= places) digits.insert(0, places + 1 - digits.size(), '0');
    digits.insert(digits.size() - places, ".");
  }
  return (negative ? "-" : "") + digits;
}

std::vector<std::string> instance_value_lines(const Instance& instance) {
  std::vector<std::string> lines;
  for (const auto& [name, values] : instance.values) {
    std::vector<std::string> decimals;
    bool fractional = false;
    for (const Q& q : values) {
      decimals.push_back(decimal_text(q));
      fractional = fractional || boost::multiprecision::denominator(q) != 1;
    }
    lines.push_back(
        name + " = " + values_text(values) +
        (fractional ? (values.size() == 1 ? ", as a decimal " : ", as decimals ") + values_text(decimals) : ""));
  }
  return lines;
}

std::string draw_table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (width.size() <= c) width.push_back(0);
      width[c] = std::max(width[c], row[c].size());
    }
  std::ostringstream out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line;
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      std::string cell = rows[r][c];
      if (c + 1 < rows[r].size()) cell.resize(width[c], ' ');
      line += (c ? "  " : "") + cell;
    }
    out << line << "\n";
    if (r == 0 && rows.size() > 1) {
      std::size_t total = 0;
      for (std::size_t c = 0; c < width.size(); ++c) total += width[c] + (c ? 2 : 0);
      out << std::string(total, '-') << "\n";
    }
  }
  return out.str();
}

std::string verify_table(const VerifyReport& report, const TextStyle& style) {
  std::vector<std::vector<std::string>> rows{{"label", "number", "verdict", "evidence"}};
  std::vector<std::string> searches;
  std::map<std::string, int> counts;
  for (const ClaimReport& c : report.claims) {
    const CheckResult* decisive = deciding_result(c);
    std::string evidence =
        decisive ? decisive->method + ": " + decisive->summary : std::string("no checker registered");
    if (!c.readings.line.empty()) evidence = c.readings.line;
    evidence += sub_claim_line(c.verdict, c.results);
    rows.push_back({c.claim.label, c.claim.number, to_string(c.verdict), evidence});
    ++counts[to_string(c.verdict)];
    std::vector<std::string> cases;
    for (const CheckResult& r : c.results)
      if (r.seed) cases.push_back(std::to_string(r.cases));
    if (!cases.empty())
      searches.push_back(c.claim.label + ": seed " + std::to_string(report.config.seed) + ", " +
                         std::to_string(cases.size()) + (cases.size() == 1 ? " search, " : " searches, ") +
                         join(cases, "/") + " cases; " + replay_command(c.claim.label, report.config));
  }
  // Each row wrapped on its own with a hanging indent, so that a line that starts at the left edge is a
  // claim's and the verdict stays in its column; its verdict (the first in the row) coloured.
  std::istringstream table(draw_table(rows));
  std::ostringstream out;
  std::string line;
  for (std::size_t r = 0; std::getline(table, line); ++r) {
    if (r == 1) line.resize(std::min(line.size(), style.width));  // the header's underline
    out << color_verdict_words(join(wrap_line(line, style.width, kRowIndent), "\n"), style, r < 2 ? 0 : 1) << "\n";
  }
  if (!searches.empty()) {
    out << "\n" << join(wrap_line("searches (seed, cases, command to re-run):", style.width, kRowIndent), "\n") << "\n";
    for (const std::string& s : searches) out << join(wrap_line("  " + s, style.width, kRowIndent + 2), "\n") << "\n";
  }
  std::vector<std::string> summary;
  for (const auto& [verdict, n] : counts) summary.push_back(verdict + " " + std::to_string(n));
  std::string closing = std::to_string(report.claims.size()) + " claims, seed " + std::to_string(report.config.seed) +
                        ", tests " + std::to_string(report.config.tests) + ": " + join(summary, ", ");
  out << "\n"
      << color_verdict_words(join(wrap_line(closing, style.width, kRowIndent), "\n"), style, counts.size()) << "\n";
  return out.str();
}

std::string list_table(const Registry& registry) {
  std::vector<std::vector<std::string>> rows{{"label", "number", "section", "kind", "checkers"}};
  for (const Claim& c : registry.claims()) {
    std::vector<std::string> methods;
    for (const Checker* k : registry.checkers_for(c.label)) methods.push_back(k->method);
    rows.push_back({c.label + (c.ours ? " (ours)" : ""), c.number, c.section, c.kind,
                    methods.empty() ? std::string("-") : join(methods, ", ")});
  }
  // Each claim's statement on the line under its row, so that the list reads without the paper.
  std::istringstream table(draw_table(rows));
  std::ostringstream out;
  std::string line;
  for (int header = 0; header < 2 && std::getline(table, line); ++header) out << line << "\n";
  for (const Claim& c : registry.claims())
    if (std::getline(table, line)) out << line << "\n    " << c.statement << "\n";
  return out.str();
}

namespace {

// A counterexample's values and the reference's replay of it.
void write_counterexample(std::ostream& out, const Registry& registry, const Instance& x) {
  out << "  counterexample (" << x.label << "/" << x.scenario << "):\n";
  for (const auto& [k, v] : x.options) out << "    option " << k << " = " << v << "\n";
  for (const auto& [k, v] : x.values) out << "    " << k << " = " << values_text(v) << "\n";
  ReplayReport replay = replay_instance(registry, x);
  if (!replay.replayer_found) {
    out << "    no replayer registered for this scenario\n";
    return;
  }
  out << "    predicted: " << replay.outcome.predicted << "\n    computed:  " << replay.outcome.computed << "\n";
  out << "    the reference " << (replay.outcome.violates ? "confirms" : "does NOT confirm") << " the violation\n";
  if (!replay.outcome.table.empty()) {
    std::istringstream table(draw_table(replay.outcome.table));
    for (std::string line; std::getline(table, line);) out << "    " << line << "\n";
  }
}

// Result i of a claim: its verdict and everything it records, the counterexample replayed.
void write_result(std::ostream& out, const Registry& registry, const CheckResult& r, std::size_t i, bool headline,
                  const std::string& label, const RunConfig& config, const TextStyle& style) {
  out << "\n"
      << (headline ? "headline, " : "") << "result " << i + 1 << ": " << verdict_colored(to_string(r.verdict), style)
      << " by " << r.method;
  if (r.verdict == Verdict::Refuted)
    out << " (refutes the " << to_string(r.scope)
        << (r.counterexample ? ", size " + std::to_string(instance_size(*r.counterexample)) : std::string()) << ")";
  out << "\n";
  out << "  summary: " << r.summary << "\n";
  if (r.scope != Scope::Statement && r.verdict != Verdict::Refuted) out << "  scope: " << to_string(r.scope) << "\n";
  if (std::map<std::string, std::string> shown = interpretation_text(r); !shown.empty())
    out << "  reading: " << conditions_line(shown) << "\n";
  if (!r.hypotheses_used.empty()) out << "  hypotheses used: " << join(r.hypotheses_used, "; ") << "\n";
  for (const Assumption& a : r.assumptions) out << "  given: " << assumption_text(a) << "\n";
  if (!r.bound.empty()) out << "  bound: " << r.bound << "\n";
  if (r.second_solver) out << "  second solver: " << r.second_solver->solver << ": " << r.second_solver->answer << "\n";
  if (!r.mutants.empty()) out << "  mutants: " << mutants_line(r) << "\n";
  for (MutantKind kind : {MutantKind::Model, MutantKind::Hypothesis}) {
    std::string line = mutants_line(r, kind);
    if (line.empty()) continue;
    if (kind == MutantKind::Model) {
      std::vector<std::string> relies_on;
      for (ModelDefinition d : r.relies_on) relies_on.push_back(to_string(d));
      out << "   of the model (relies on " << join(relies_on, ", ") << "): " << line << "\n";
    } else {
      out << "   hypotheses needed: " << line << "\n";
    }
    for (const MutantResult& m : r.mutants)
      if (m.kind() == kind)
        out << "    " << (m.refuted ? "refuted" : "NOT refuted") << ": " << m.name
            << (kind == MutantKind::Model ? " [" + to_string(m.definition) + "]" : "") << " (" << m.change
            << "): " << m.evidence << "\n";
  }
  for (const auto& [k, v] : r.details) out << "  " << k << ": " << v << "\n";
  if (r.seed)
    out << "  seed " << *r.seed << ", " << r.cases << " cases; re-run: " << replay_command(label, config) << "\n";
  else if (r.cases)
    out << "  cases: " << r.cases << "\n";
  if (r.counterexample) write_counterexample(out, registry, *r.counterexample);
}

}  // namespace

std::string show_text(const Registry& registry, const ClaimReport& report, const RunConfig& config,
                      const TextStyle& style) {
  const Claim& c = report.claim;
  std::ostringstream out;
  out << c.label << "  (" << (c.number.empty() ? c.kind : c.number) << ", " << c.section;
  if (std::string section = section_number(c.section); !section.empty()) out << " = " << section;
  out << (c.ours ? ", label of ours" : "") << ")\n";
  out << "  statement: " << c.statement << "\n";
  if (!c.hypotheses.empty()) out << "  hypotheses: " << join(c.hypotheses, "; ") << "\n";
  if (!c.interpretations.empty()) out << "  readings it may depend on: " << join(c.interpretations, ", ") << "\n";
  out << "  verdict: " << verdict_colored(to_string(report.verdict), style) << "\n";
  if (!report.readings.line.empty()) out << "  readings: " << report.readings.line << "\n";
  for (const auto& [reading, verdict] : report.readings.by_reading)
    out << "    " << verdict_colored(to_string(verdict), style) << " under " << reading << "\n";
  if (report.results.empty()) out << "\n  no checker registered\n";
  // The headline first, then every result in registration order.
  std::vector<std::size_t> order;
  const CheckResult* head = report.verdict == Verdict::Refuted ? headline_for(report.claim, report.results) : nullptr;
  if (head) order.push_back(static_cast<std::size_t>(head - report.results.data()));
  for (std::size_t i = 0; i < report.results.size(); ++i)
    if (order.empty() || i != order.front()) order.push_back(i);
  for (std::size_t i : order)
    write_result(out, registry, report.results[i], i, &report.results[i] == head, c.label, config, style);
  return out.str();
}

}  // namespace palcheck::cli
