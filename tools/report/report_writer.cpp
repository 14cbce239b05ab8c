// Assembling the report (see report_writer.h): claim order, the index with its one-page summary, one page
// per claim with its figures, written into a temporary folder that is renamed when complete.
#include "tools/report/report_writer.h"

#include "claims/paper_sections.h"
#include "tools/report/figures.h"
#include "tools/report/gnuplot.h"
#include "tools/report/katex_files.h"
#include "tools/report/markup.h"
#include "tools/report/own_math.h"
#include "tools/report/paper_tex.h"
#include "tools/report/tex_text.h"
#include "util/output_folder.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>

namespace palcheck::report {
namespace {

namespace fs = std::filesystem;

struct Context {
  const ReportRun& run;
  const ReportOptions& options;
  const PaperTex& tex;
  Markup markup;
  ImageFormat image;
  bool draw;
  fs::path dir;
  std::map<std::string, const ReportClaim*> by_label;
  bool any_formula = false;                       // some page has a formula: KaTeX goes into the report
  std::vector<const ReportClaim*> sequence = {};  // every claim in paper order (previous / next links)
};

std::string page_ext(const Context& c) { return c.markup == Markup::Html ? ".html" : ".md"; }

void write_bytes(const fs::path& path, const char* data, std::size_t size) {
  std::ofstream out(path, std::ios::binary);
  out.write(data, static_cast<std::streamsize>(size));
  out.close();  // a full disk shows at the flush
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

void write_text(const fs::path& path, const std::string& text) { write_bytes(path, text.data(), text.size()); }

void write_page(Context& c, const fs::path& path, const Page& page) {
  std::string text = page.finish();
  c.any_formula = c.any_formula || text.find("<span class=\"math") != std::string::npos;
  write_text(path, text);
}

// Any JSON value in words: strings as they are, lists joined by commas, objects as "key: value; ...".
std::string words(const nlohmann::json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_number()) return v.dump();
  std::string out;
  if (v.is_array()) {
    for (const nlohmann::json& e : v) out += (out.empty() ? "" : ", ") + words(e);
    return out;
  }
  for (auto& [k, e] : v.items()) out += (out.empty() ? "" : "; ") + k + ": " + words(e);
  return out;
}

std::string str(const nlohmann::json& doc, const char* key) {
  auto it = doc.find(key);
  return it == doc.end() ? "" : words(*it);
}

// "cvc5 1.0.3: unsat" from {"solver": ..., "answer": ...}.
std::string solver_words(const nlohmann::json& second) {
  if (!second.is_object()) return words(second);
  return str(second, "solver") + ": " + str(second, "answer");
}

// The one-line reason for a claim's verdict: its evidence summary, except for a searched counterexample
// with a replay file, which says it better as the headline's values, what the claim predicts and what the
// reference computed.
std::string reason_of(const ReportClaim& rc) {
  std::string summary = str(rc.doc.value("evidence", nlohmann::json::object()), "summary");
  if (!rc.searched || !rc.replay || !rc.headline) return summary;
  std::string predicted = str(*rc.replay, "predicted"), computed = str(*rc.replay, "computed");
  if (predicted.empty() || computed.empty()) return summary;
  std::string values;
  for (const auto& [k, list] : rc.headline->values) {
    std::string shown;
    for (std::size_t i = 0; i < list.size(); ++i) shown += (i ? ", " : "") + to_string(list[i]);
    values += (values.empty() ? "" : ", ") + k + " = " + (list.size() == 1 ? shown : "[" + shown + "]");
  }
  return "on " + values + ": expected " + predicted + "; computed " + computed;
}

// The reason of the index's summary lists, in full: a searched counterexample without its count of passing cases.
std::string short_reason(const ReportClaim& rc) {
  std::string reason = reason_of(rc);
  if (rc.searched && reason == str(rc.doc.value("evidence", nlohmann::json::object()), "summary"))
    reason = "counterexample " + *rc.searched;
  return reason;
}

// The label a sub-claim or repair of ours hangs on: "repair:X" -> X, "X:part" -> X (the longest prefix known).
std::string base_label(const std::string& label, const std::map<std::string, const ReportClaim*>& known) {
  std::string l = label.rfind("repair:", 0) == 0 ? label.substr(7) : label;
  while (true) {
    if (l != label && known.count(l)) return l;
    std::size_t colon = l.rfind(':');
    if (colon == std::string::npos || l.find(':') == colon) return l;
    l = l.substr(0, colon);
  }
}

// Claims grouped by section in the paper's order (the section table of claims/paper_sections.h), claims in
// the run's order (the claim table's), each claim of ours right after the claim it hangs on.
std::vector<std::pair<std::string, std::vector<const ReportClaim*>>> paper_order(const Context& c) {
  std::map<std::string, std::size_t> run_index;
  for (std::size_t i = 0; i < c.run.claims.size(); ++i) run_index.emplace(c.run.claims[i].claim.label, i);
  std::vector<std::string> sections;
  for (const PaperSection& s : paper_sections()) sections.push_back(s.label);
  for (const ReportClaim& rc : c.run.claims)
    if (std::find(sections.begin(), sections.end(), rc.claim.section) == sections.end())
      sections.push_back(rc.claim.section);
  std::vector<std::pair<std::string, std::vector<const ReportClaim*>>> out;
  for (const std::string& s : sections) {
    std::vector<std::pair<std::tuple<std::size_t, int, std::size_t>, const ReportClaim*>> keyed;
    for (std::size_t i = 0; i < c.run.claims.size(); ++i) {
      const ReportClaim& rc = c.run.claims[i];
      if (rc.claim.section != s) continue;
      std::string base = base_label(rc.claim.label, c.by_label);
      auto at = run_index.find(base);
      bool own = base == rc.claim.label || at == run_index.end();
      keyed.push_back({{own ? i : at->second, own ? 0 : 1, i}, &rc});
    }
    if (keyed.empty()) continue;
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<const ReportClaim*> claims;
    for (const auto& k : keyed) claims.push_back(k.second);
    out.push_back({s, claims});
  }
  return out;
}

std::string claim_href(const Context& c, const std::string& label, bool from_index) {
  return (from_index ? "claims/" : "") + file_stem(label) + page_ext(c);
}

RefLink ref_link(const Context& c, bool from_index) {
  return {[&c, from_index](const std::string& label) {
            return c.by_label.count(label) ? claim_href(c, label, from_index) : std::string();
          },
          [&c](const std::string& label) { return c.tex.number(label); }};
}

bool is_label_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == ':'; }

// Words of palcheck's own with every claim label of the run in them a link to its page.
std::string linked_words(const Context& c, const Page& page, const std::string& text, bool from_index) {
  std::string out;
  std::size_t from = 0, i = 0;
  while (i < text.size()) {
    if (!is_label_char(text[i]) || (i > 0 && is_label_char(text[i - 1]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && is_label_char(text[end])) ++end;
    std::string token = text.substr(i, end - i);
    while (!token.empty() && token.back() == ':') token.pop_back();
    if (token.find(':') != std::string::npos && c.by_label.count(token)) {
      out += page.text(text.substr(from, i - from)) + page.link(token, claim_href(c, token, from_index));
      from = i + token.size();
    }
    i = end;
  }
  return out + page.text(text.substr(from));
}

// A sentence of palcheck's own: its formulas typeset (own_math.h), claim labels linked.
std::string own(const Context& c, const Page& page, const std::string& text, bool from_index) {
  std::string out;
  for (const TextPiece& piece : own_math(text))
    out +=
        piece.kind == PieceKind::Formula ? page.math(piece.text, false) : linked_words(c, page, piece.text, from_index);
  return out;
}

// Text from the run in which the TeX it quotes ("\relay{...}" in double quotes) is shown as code; the rest
// is palcheck's own (see own).
std::string prose(const Context& c, const Page& page, const std::string& text, bool from_index) {
  std::string out;
  std::size_t from = 0;
  while (from < text.size()) {
    std::size_t open = text.find('"', from);
    std::size_t close = open == std::string::npos ? std::string::npos : text.find('"', open + 1);
    if (close == std::string::npos) break;
    std::string quote = text.substr(open + 1, close - open - 1);
    bool tex = false;
    for (std::size_t i = 0; i + 1 < quote.size(); ++i)
      if (quote[i] == '\\' && std::isalpha(static_cast<unsigned char>(quote[i + 1]))) tex = true;
    out += own(c, page, text.substr(from, open - from), from_index) +
           (tex ? page.code(quote) : page.text("\u201c") + own(c, page, quote, from_index) + page.text("\u201d"));
    from = close + 1;
  }
  return out + own(c, page, text.substr(from), from_index);
}

// What the paper prints for a claim or section label: from the user's TeX when given (their copy's
// numbering), else from the claim table; "" for a label of ours.
std::string printed_number(const Context& c, const std::string& label) {
  if (std::optional<TexNumber> number = c.tex.number(label)) return number->printed();
  if (auto at = c.by_label.find(label); at != c.by_label.end()) return at->second->claim.number;
  return section_number(label);
}

// "thm:tc (Theorem 4.6)", or the label alone when the paper gives it no number.
std::string numbered_label(const Context& c, const std::string& label) {
  std::string number = printed_number(c, label);
  return number.empty() ? label : label + " (" + number + ")";
}

// "Section 4: Turing completeness", the section's number first when it has one.
std::string numbered_section(const Context& c, const std::string& section) {
  std::string number = printed_number(c, section);
  return (number.empty() ? "" : number + ": ") + section_title(section);
}

std::string reading_text(const nlohmann::json& interpretation) {
  std::string out;
  if (!interpretation.is_object()) return out;
  for (auto& [k, v] : interpretation.items()) {
    std::string value;
    if (v.is_array())
      for (const nlohmann::json& e : v) value += (value.empty() ? "" : " | ") + words(e);
    else
      value = words(v);
    out += (out.empty() ? "" : "; ") + k + " = " + value;
  }
  return out;
}

// How many of the claim's results refute only a proof step, or the statement at a fixed parameter.
std::pair<std::size_t, std::size_t> side_refutations(const ReportClaim& rc) {
  std::size_t steps = 0, fixed = 0;
  for (const ReportResult& r : rc.results) {
    if (r.result.verdict != Verdict::Refuted) continue;
    steps += r.result.scope == Scope::ProofStep;
    fixed += r.result.scope == Scope::FixedParameter;
  }
  return {steps, fixed};
}

std::string side_note(const ReportClaim& rc) {
  auto [steps, fixed] = side_refutations(rc);
  std::string note;
  if (steps)
    note += std::to_string(steps) + (steps == 1 ? " result refutes" : " results refute") + " a proof step only";
  if (fixed)
    note += (note.empty() ? "" : "; ") + std::to_string(fixed) + (fixed == 1 ? " result refutes" : " results refute") +
            " the statement at one parameter value only";
  return note;
}

// ---- figures ---------------------------------------------------------------------------------------

// A figure drawn from a sequence of the headline ("fig1-u", "fig2-v", "fig3-u") is left out when that
// sequence is a single token: a figure of one point shows nothing its table does not.
bool draws_one_point(const Figure& f, const Instance& headline) {
  std::size_t dash = f.id.find('-');
  if (dash == std::string::npos || f.id.rfind("fig", 0) != 0 || f.id[3] > '3') return false;
  auto it = headline.values.find(f.id.substr(dash + 1));
  return it != headline.values.end() && it->second.size() < 2;
}

std::vector<Figure> figures_of(const ReportClaim& rc, std::vector<std::string>& left_out) {
  std::vector<Figure> figures;
  if (rc.headline) {
    for (auto* make : {&sequence_figures, &pop_signal_figures, &stack_figures, &tc_figures, &encoding_figures,
                       &other_sequence_figures}) {
      // A cost claim's instance lists sizes: figure 5 draws them against cost, not against their index.
      if (make == &other_sequence_figures && is_cost_claim(rc.claim.label)) continue;
      for (Figure& f : make(*rc.headline)) {
        std::string sequence = f.id.substr(f.id.find('-') + 1);
        if (!draws_one_point(f, *rc.headline))
          figures.push_back(std::move(f));
        else if (std::find(left_out.begin(), left_out.end(), sequence) == left_out.end())
          left_out.push_back(sequence);
      }
    }
  }
  if (rc.claim.label == "repair:thm:tc") figures.push_back(tc_repair_figure("anbn", "aaabbb", 12));
  for (Figure& f : cost_figures(rc)) figures.push_back(std::move(f));
  return figures;
}

// The caption under the figure's number on its page (builders begin captions "Figure T" with T its type).
std::string numbered_caption(const std::string& caption, std::size_t number) {
  const std::string word = "Figure ";
  std::size_t digits = caption.rfind(word, 0) == 0 ? caption.find_first_not_of("0123456789", word.size()) : 0;
  if (digits == 0 || digits == std::string::npos || digits == word.size()) return caption;
  return word + std::to_string(number) + caption.substr(digits);
}

void emit_figure(Context& c, Page& page, const std::string& stem, const Figure& figure, std::size_t number) {
  Figure f = figure;
  f.caption = numbered_caption(figure.caption, number);
  std::string base = stem + "." + f.id;
  write_text(c.dir / "claims" / (base + ".tsv"), to_tsv(f.data));
  std::string data_link = page.link("exact data (" + base + ".tsv)", base + ".tsv");
  if (!f.gnuplot.empty() && c.draw) {
    std::string image = base + "." + extension(c.image);
    render(f.gnuplot, c.image, (c.dir / "claims" / (base + ".gp")).string(), (c.dir / "claims" / image).string());
    page.figure(image,
                own(c, page, f.caption, false) + " " + data_link + ", " + page.link("gnuplot script", base + ".gp"),
                f.caption.substr(0, f.caption.find(':')));
  } else {
    page.paragraph(own(c, page, f.caption, false) + " " + data_link);
  }
  // The exact values drawn, as a table (fractions, not doubles).
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : f.data.rows) {
    std::vector<std::string> cells;
    for (const std::string& cell : row) cells.push_back(own(c, page, cell, false));
    rows.push_back(cells);
  }
  std::vector<std::string> header;
  for (const std::string& h : f.data.header) header.push_back(own(c, page, h, false));
  bool table_figure = f.gnuplot.empty();
  if (!table_figure)
    page.raw_html("<details><summary>exact values of Figure " + std::to_string(number) + "</summary>\n");
  if (table_figure || c.markup == Markup::Html) page.table(header, rows);
  if (!table_figure) page.raw_html("</details>\n");
}

// ---- claim page ------------------------------------------------------------------------------------

// A proof's semantic mutants as a table: every field each has (name, kind, change, refuted, evidence, then any
// other), so that fields a later run adds are shown too; or that it has none.
void emit_mutants(const Context& c, Page& page, const nlohmann::json& result) {
  auto mutants = result.find("mutants");
  if (mutants == result.end() || !mutants->is_object()) {
    page.raw_html("<div class=\"mutants none\">\n");
    page.paragraph(page.strong("Semantic mutants:") + page.text(" none declared by this proof."));
    page.raw_html("</div>\n");
    return;
  }
  const nlohmann::json& list = mutants->value("list", nlohmann::json::array());
  page.raw_html("<div class=\"mutants\">\n");
  page.heading(4, page.text("Semantic mutants: " + str(*mutants, "summary")));
  // The fields verify writes in its order (the JSON read back sorts keys), then any other field.
  std::vector<std::string> columns;
  for (const char* known : {"name", "kind", "change", "refuted", "evidence"})
    if (std::any_of(list.begin(), list.end(),
                    [&](const nlohmann::json& m) { return m.is_object() && m.contains(known); }))
      columns.push_back(known);
  for (const nlohmann::json& m : list)
    if (m.is_object())
      for (auto& [k, v] : m.items())
        if (std::find(columns.begin(), columns.end(), k) == columns.end()) columns.push_back(k);
  std::vector<std::vector<std::string>> rows;
  for (const nlohmann::json& m : list) {
    std::vector<std::string> row;
    for (const std::string& k : columns) row.push_back(prose(c, page, str(m, k.c_str()), false));
    rows.push_back(row);
  }
  std::vector<std::string> header;
  for (const std::string& k : columns) header.push_back(page.text(k));
  if (!rows.empty()) page.table(header, rows);
  page.raw_html("</div>\n");
}

// One result as a paragraph (verdict, method, what it found) and a list of its evidence.
void emit_result(Context& c, Page& page, const std::string& stem, const ReportResult& result, std::size_t& query) {
  const nlohmann::json& r = result.doc;
  std::string method = str(r, "method");
  std::string head = page.badge(to_string(result.result.verdict)) + " " + page.strong(method + ":") + " " +
                     prose(c, page, str(r, "summary"), false);
  if (r.value("headline", false)) head += " " + page.emph(page.text("(the headline counterexample)"));
  page.paragraph(head);
  std::vector<std::string> items;
  if (auto second = r.find("second_solver"); second != r.end() && !second->is_null())
    items.push_back(page.text("confirmed by " + solver_words(*second)));
  if (std::string bound = str(r, "bound"); !bound.empty())
    items.push_back(page.text("bound: ") + own(c, page, bound, false));
  if (std::string reading = reading_text(r.value("interpretation", nlohmann::json())); !reading.empty())
    items.push_back(page.text("reading: ") + own(c, page, reading, false));
  std::string seed = str(r, "seed");
  items.push_back(
      page.text("seed " + (seed.empty() ? std::string("none (deterministic)") : seed) + ", cases " + str(r, "cases")));
  std::string used;
  if (r.contains("hypotheses_used") && r["hypotheses_used"].is_array())
    for (const nlohmann::json& hyp : r["hypotheses_used"]) used += (used.empty() ? "" : ", ") + words(hyp);
  if (!used.empty()) items.push_back(page.text("hypotheses used: ") + own(c, page, used, false));
  if (r.contains("details") && r["details"].is_array())
    for (const nlohmann::json& d : r["details"]) {
      std::string key = str(d, "key"), value = str(d, "value");
      if (key.rfind("smt2", 0) == 0 && fs::exists(value)) {
        std::string name = stem + ".q" + std::to_string(++query) + ".smt2";
        fs::copy_file(value, c.dir / "claims" / name, fs::copy_options::overwrite_existing);
        items.push_back(page.text("solver query: ") + page.link(name, name) +
                        page.text(" (z3 " + name + " answers it)"));
        continue;
      }
      items.push_back(page.bold(own(c, page, key + ":", false)) + " " + prose(c, page, value, false));
    }
  // A proof is shown whole (invariant, base and step, both solvers, mutants); other evidence folds away.
  if (result.result.verdict == Verdict::Proved) {
    page.items(items);
    emit_mutants(c, page, r);
    return;
  }
  page.raw_html("<details><summary>evidence</summary>\n");
  page.items(items);
  page.raw_html("</details>\n");
}

// Links to the index, the claim's section there, and the claims before and after it in paper order.
void claim_navigation(const Context& c, Page& page, const ReportClaim& rc) {
  std::string index = "../index" + page_ext(c);
  std::string links = page.link("index", index) + page.text(" \u00b7 ") +
                      page.link("section " + numbered_section(c, rc.claim.section), index + "#" + rc.claim.section);
  auto at = std::find(c.sequence.begin(), c.sequence.end(), &rc);
  if (at != c.sequence.end() && at != c.sequence.begin())
    links += page.text(" \u00b7 previous: ") +
             page.link(numbered_label(c, (*(at - 1))->claim.label), claim_href(c, (*(at - 1))->claim.label, false));
  if (at != c.sequence.end() && at + 1 != c.sequence.end())
    links += page.text(" \u00b7 next: ") +
             page.link(numbered_label(c, (*(at + 1))->claim.label), claim_href(c, (*(at + 1))->claim.label, false));
  if (c.markup == Markup::Html)
    page.raw_html("<nav>" + links + "</nav>\n");
  else
    page.paragraph(links);
}

// The page's head: label and verdict, kind and section, and the links between a claim and its repairs and parts.
void claim_heading(const Context& c, Page& page, const ReportClaim& rc) {
  const Claim& claim = rc.claim;
  claim_navigation(c, page, rc);
  page.heading(1, page.text(numbered_label(c, claim.label)) + " " + page.badge(to_string(rc.verdict)));
  std::string kind = claim.kind.empty() ? "" : claim.kind + ", ";
  page.paragraph(page.text(kind + "section: " + numbered_section(c, claim.section)) +
                 (claim.ours ? page.text(" (a label of ours)") : ""));
  // Repairs and sub-claims link both ways.
  std::vector<std::string> relations;
  std::string base = base_label(claim.label, c.by_label);
  if (base != claim.label && c.by_label.count(base))
    relations.push_back(page.text(claim.label.rfind("repair:", 0) == 0 ? "repairs " : "part of ") +
                        page.link(base, claim_href(c, base, false)));
  for (const ReportClaim& other : c.run.claims)
    if (other.claim.label != claim.label && base_label(other.claim.label, c.by_label) == claim.label)
      relations.push_back(page.text(other.claim.label.rfind("repair:", 0) == 0 ? "repaired by " : "sub-claim ") +
                          page.link(other.claim.label, claim_href(c, other.claim.label, false)) + " " +
                          page.badge(to_string(other.verdict)));
  if (!relations.empty()) page.items(relations);
  page.heading(2, "Verdict");
  page.paragraph(page.badge(to_string(rc.verdict)) + " " + prose(c, page, reason_of(rc), false));
  if (std::string note = side_note(rc); !note.empty())
    page.paragraph(page.text("Besides: " + note + " (listed apart below; they do not decide the verdict)."));
}

// The statement in our words and as printed, its hypotheses, and the readings it was judged under.
void claim_statement(const Context& c, Page& page, const ReportClaim& rc) {
  const Claim& claim = rc.claim;
  page.heading(2, "Statement");
  if (!claim.statement.empty()) {
    std::string ours = page.strong("In our words: ") + own(c, page, claim.statement, false);
    if (c.markup == Markup::Html)
      page.raw_html("<p class=\"ours\">" + ours + "</p>\n");
    else
      page.paragraph(ours);
  }
  std::optional<std::string> printed = c.tex.statement(claim.label);
  if (printed) {
    page.paragraph(page.strong("As printed in the paper:"));
    page.raw_html("<div class=\"statement\">\n");
    append_tex(page, *printed, ref_link(c, false));
    page.raw_html("</div>\n");
  } else if (c.tex.available()) {
    page.paragraph(page.text("This label does not occur in the paper's source."));
  } else {
    page.paragraph(page.text("The printed statement is not quoted: give the paper's TeX source with --tex."));
  }
  if (!claim.hypotheses.empty()) {
    page.heading(3, "Hypotheses");
    std::vector<std::string> items;
    for (const std::string& h : claim.hypotheses) items.push_back(own(c, page, h, false));
    page.items(items);
  }
  page.heading(3, "Readings");
  std::string readings;
  for (const std::string& r : claim.interpretations) readings += (readings.empty() ? "" : ", ") + page.code(r);
  page.paragraph(readings.empty() ? page.text("none named") : page.text("the verdict may depend on: ") + readings);
  if (std::string r = reading_text(rc.doc.value("interpretation", nlohmann::json())); !r.empty())
    page.paragraph(page.text("readings taken: ") + own(c, page, r, false));
}

// The verdict under each reading, when the run gives one per reading (as printed there).
void claim_by_reading(const Context& c, Page& page, const ReportClaim& rc) {
  auto by = rc.doc.find("by_reading");
  if (by == rc.doc.end() || by->is_null()) return;
  page.heading(3, "Verdict per reading");
  std::vector<std::vector<std::string>> rows;
  if (by->is_object())
    for (auto& [k, v] : by->items()) rows.push_back({own(c, page, k, false), page.badge(words(v))});
  else if (by->is_array())
    for (const nlohmann::json& e : *by) {
      if (!e.is_object()) continue;
      const nlohmann::json& reading =
          e.contains("reading") ? e["reading"] : e.value("interpretation", nlohmann::json());
      rows.push_back({own(c, page, reading.is_string() ? reading.get<std::string>() : reading_text(reading), false),
                      page.badge(str(e, "verdict"))});
    }
  page.table({page.text("reading"), page.text("verdict")}, rows);
}

// The headline counterexample: its options and exact values, and with a replay file how to replay it.
void claim_headline(Context& c, Page& page, const ReportClaim& rc, const std::vector<std::string>& left_out) {
  const Instance& h = *rc.headline;
  std::string stem = file_stem(rc.claim.label);
  page.heading(2, "Headline counterexample");
  page.paragraph(page.text("scenario " + h.scenario + ", taken from " + rc.headline_source + "."));
  std::vector<std::vector<std::string>> rows;
  for (const auto& [k, v] : h.options) rows.push_back({page.text(k), own(c, page, v, false)});
  if (!rows.empty()) page.table({page.text("option"), page.text("value")}, rows);
  rows.clear();
  for (const auto& [k, list] : h.values) {
    std::string text;
    for (std::size_t i = 0; i < list.size(); ++i) text += (i ? ", " : "") + to_string(list[i]);
    rows.push_back({page.text(k), page.text(text)});
  }
  if (!rows.empty()) page.table({page.text("value"), page.text("exact")}, rows);
  if (rc.replay) {
    std::vector<std::string> items{page.strong("predicted: ") + prose(c, page, str(*rc.replay, "predicted"), false),
                                   page.strong("computed: ") + prose(c, page, str(*rc.replay, "computed"), false)};
    page.items(items);
    std::string replay_name = stem + ".replay.json";
    write_text(c.dir / "claims" / replay_name, rc.replay->dump(2) + "\n");
    page.paragraph(page.text("Replay on the exact reference alone (") + page.link(replay_name, replay_name) +
                   page.text("), and the search that found it:"));
    page.preformatted("palcheck replay " + replay_name + "\n" + str(*rc.replay, "command"));
  }
  for (const std::string& name : left_out)
    page.paragraph(page.text("The sequence " + name +
                             " is a single token: its figures would be single points, so "
                             "only its exact values above are shown."));
}

// Every result, the refutations of the statement apart from those of a proof step or a fixed parameter.
void claim_evidence(Context& c, Page& page, const ReportClaim& rc) {
  struct Group {
    std::string heading, note;
    std::vector<const ReportResult*> results;
  };
  std::vector<Group> groups{
      {"Proofs",
       "Each shown whole: what it proves, its invariant, base and step, both solvers' answers, the solver queries, "
       "and its semantic mutants (the semantics changed one piece at a time; a mutant the proof's queries do not "
       "refute would be a hole in the proof).",
       {}},
      {"Results that refute the statement", "", {}},
      {"Results that refute a proof step",
       "Each refutes a step of the paper's proof (a lemma it relies on, as the proof uses it), not the statement: "
       "they show the proof does not hold as written.",
       {}},
      {"Results that refute the statement at one parameter value",
       "Each fixes a parameter the statement quantifies over (an eps, a depth); the statement is judged on the "
       "results above.",
       {}},
      {"Other results", "", {}}};
  for (const ReportResult& r : rc.results) {
    std::size_t g = r.result.verdict == Verdict::Proved       ? 0
                    : r.result.verdict != Verdict::Refuted    ? 4
                    : r.result.scope == Scope::ProofStep      ? 2
                    : r.result.scope == Scope::FixedParameter ? 3
                                                              : 1;
    groups[g].results.push_back(&r);
  }
  page.heading(2, "Evidence");
  std::string stem = file_stem(rc.claim.label);
  std::size_t query = 0;
  for (const Group& g : groups) {
    if (g.results.empty()) continue;
    page.heading(3, page.text(g.heading + " (" + std::to_string(g.results.size()) + ")"));
    if (!g.note.empty()) page.paragraph(page.emph(page.text(g.note)));
    for (const ReportResult* r : g.results) emit_result(c, page, stem, *r, query);
  }
}

void write_claim_page(Context& c, const ReportClaim& rc) {
  std::string stem = file_stem(rc.claim.label);
  Page page(c.markup, rc.claim.label + ": " + to_string(rc.verdict), "../");
  claim_heading(c, page, rc);
  claim_statement(c, page, rc);
  claim_by_reading(c, page, rc);
  std::vector<std::string> left_out;
  std::vector<Figure> figures = figures_of(rc, left_out);
  if (rc.headline) claim_headline(c, page, rc, left_out);
  if (!figures.empty()) page.heading(2, "Figures");
  for (std::size_t i = 0; i < figures.size(); ++i) emit_figure(c, page, stem, figures[i], i + 1);
  claim_evidence(c, page, rc);
  write_page(c, c.dir / "claims" / (stem + page_ext(c)), page);
}

// ---- index -----------------------------------------------------------------------------------------

bool is_theorem(const Claim& claim) { return claim.kind == "theorem" || claim.kind == "corollary"; }

// A statement the paper prints: its labels, and those of ours for what it numbers without a label.
bool is_papers(const Claim& claim) { return !claim.ours || !claim.number.empty(); }

// Which of the paper's claims a summary list takes.
enum class Kinds { All, TheoremsOnly };

// One summary list: the paper's statements with `verdict` (of `kinds`), each with its reason in full.
void summary_list(const Context& c, Page& page, Verdict verdict, const std::string& title, Kinds kinds) {
  std::vector<std::string> items;
  for (const auto& [section, claims] : paper_order(c))
    for (const ReportClaim* rc : claims) {
      if (!is_papers(rc->claim) || rc->verdict != verdict) continue;
      if (kinds == Kinds::TheoremsOnly && !is_theorem(rc->claim)) continue;
      std::string reason = short_reason(*rc);
      items.push_back(page.link(numbered_label(c, rc->claim.label), claim_href(c, rc->claim.label, true)) +
                      page.text(": ") + prose(c, page, reason, true));
    }
  if (items.empty()) return;
  page.heading(3, page.text(title + " (" + std::to_string(items.size()) + ")"));
  page.raw_html("<div class=\"summary\">\n");
  page.items(items);
  page.raw_html("</div>\n");
}

// The index's first paragraphs: what was judged, the tally of verdicts, and where the statements come from.
void index_opening(const Context& c, Page& page) {
  std::optional<std::string> tex_title = c.tex.title();
  std::string title = tex_title ? inline_tex(page, *tex_title, {}) : page.text("The Preisach Attention Layer paper");
  page.heading(1, page.text("Referee report: ") + title);
  std::string tests = str(c.run.doc, "tests");
  std::map<Verdict, std::size_t> counts;
  std::size_t ours = 0;
  for (const ReportClaim& rc : c.run.claims) ++counts[rc.verdict], ours += rc.claim.ours;
  std::string tally;
  for (Verdict v : all_verdicts())
    if (counts.count(v)) tally += (tally.empty() ? "" : ", ") + std::to_string(counts[v]) + " " + to_string(v);
  page.paragraph(
      page.text("palcheck judged " + std::to_string(c.run.claims.size()) + " claims (" +
                std::to_string(c.run.claims.size() - ours) + " of the paper's labels, " + std::to_string(ours) +
                " sub-claims and repairs of ours) on an exact-arithmetic reference, seed " + str(c.run.doc, "seed") +
                (tests.empty() ? "" : ", " + tests + " cases per search") + ": " + tally + "."));
  if (c.tex.available())
    page.paragraph(page.text("Statements are quoted from the paper's source (" +
                             fs::path(c.options.tex_path).filename().string() + ") and typeset."));
  else
    page.raw_html("<p class=\"note\">" +
                  page.text("This report is in palcheck's own words: each claim is stated in one sentence of ours, "
                            "and sections carry our titles. To quote and typeset the paper's printed statements, "
                            "make it again with the paper's TeX source: ") +
                  page.code("palcheck report --from RUN.json --replays DIR --tex PAPER.tex --out DIR") + "</p>\n");
  if (c.markup == Markup::Markdown && !c.tex.available())
    page.paragraph(page.text("Not quoted: the paper's printed statements (add --tex PAPER.tex)."));
}

// The one-page summary: the paper's refuted, ill-posed and proved labels one line each, then counts of the rest.
void index_summary(const Context& c, Page& page) {
  page.heading(2, "Summary", "summary");
  page.paragraph(
      page.text("REFUTED: a counterexample the exact reference confirms, under every reading the paper admits. "
                "ILL-POSED: undefined, vacuous or contradictory as printed, or true under one reading and false under "
                "another. PROVED: for the whole domain, confirmed by a second solver. The paper's own statements (its "
                "labels, and the remarks it numbers without one):"));
  const std::vector<std::pair<Verdict, std::string>> listed{
      {Verdict::Refuted, "Refuted"}, {Verdict::IllPosed, "Ill-posed"}, {Verdict::Proved, "Proved"}};
  for (const auto& [verdict, title] : listed) summary_list(c, page, verdict, title, Kinds::All);
  for (Verdict v : all_verdicts())
    if (std::none_of(listed.begin(), listed.end(), [&](const auto& l) { return l.first == v; }))
      summary_list(c, page, v, "Theorems and corollaries " + to_string(v), Kinds::TheoremsOnly);
  std::string rest;
  for (Verdict v : all_verdicts()) {
    if (std::any_of(listed.begin(), listed.end(), [&](const auto& l) { return l.first == v; })) continue;
    std::size_t n = 0;
    for (const ReportClaim& rc : c.run.claims) n += is_papers(rc.claim) && rc.verdict == v && !is_theorem(rc.claim);
    if (n) rest += (rest.empty() ? "" : ", ") + std::to_string(n) + " " + to_string(v);
  }
  std::size_t ours = 0;
  for (const ReportClaim& rc : c.run.claims) ours += !is_papers(rc.claim);
  if (!rest.empty())
    page.paragraph(page.text("Also among the paper's statements: " + rest + "; and " + std::to_string(ours) +
                             " claims of ours (repairs and checkable parts). All are in the table below."));
}

// The table of contents: the summary, then every section in paper order with its count of claims.
void index_contents(const Context& c, Page& page) {
  std::vector<std::string> items{page.link("Summary", "#summary")};
  for (const auto& [section, claims] : paper_order(c))
    items.push_back(page.link(numbered_section(c, section), "#" + section) +
                    page.text(" (" + std::to_string(claims.size()) + (claims.size() == 1 ? " claim)" : " claims)")));
  page.raw_html("<nav class=\"toc\" id=\"contents\">\n");
  page.heading(2, page.text("Contents"));
  page.items(items, true);
  page.raw_html("</nav>\n");
}

void write_index(Context& c) {
  Page page(c.markup, "palcheck report", "");
  index_opening(c, page);
  index_contents(c, page);
  index_summary(c, page);
  page.heading(2, "All claims, by section in paper order");
  for (const auto& [section, claims] : paper_order(c)) {
    page.heading(3, page.text(numbered_section(c, section)), section);
    std::vector<std::vector<std::string>> rows;
    for (const ReportClaim* rc : claims) {
      std::string verdict = page.badge(to_string(rc->verdict));
      if (std::string note = side_note(*rc); !note.empty()) verdict += page.line_break() + page.emph(page.text(note));
      rows.push_back({page.link(numbered_label(c, rc->claim.label), claim_href(c, rc->claim.label, true)) +
                          (rc->claim.ours ? page.text(" (ours)") : ""),
                      verdict, prose(c, page, reason_of(*rc), true)});
    }
    page.table({page.text("claim"), page.text("verdict"), page.text("evidence")}, rows);
  }
  write_page(c, c.dir / ("index" + page_ext(c)), page);
}

// KaTeX and the script that runs it, for pages with formulas (HTML only).
void write_math_support(const Context& c) {
  write_text(c.dir / "math.js", math_script(c.tex.macros()));
  for (const EmbeddedFile& f : katex_files()) {
    fs::path path = c.dir / "katex" / f.name;
    fs::create_directories(path.parent_path());
    write_bytes(path, reinterpret_cast<const char*>(f.data), f.size);
  }
}

}  // namespace

void write_report(const ReportRun& run, const ReportOptions& options, std::ostream* progress) {
  fs::path out(options.out_dir);
  OutputFolder folder(options.out_dir);  // filled aside, then swapped in (util/output_folder.h)
  fs::path tmp = folder.staging();
  Context c{run,
            options,
            options.tex,
            options.format == PageFormat::Html ? Markup::Html : Markup::Markdown,
            options.format == PageFormat::Html ? ImageFormat::Svg : ImageFormat::Png,
            gnuplot_available(),
            tmp,
            {},
            false,
            {}};
  for (const ReportClaim& rc : run.claims) c.by_label[rc.claim.label] = &rc;
  for (const auto& [section, claims] : paper_order(c))
    c.sequence.insert(c.sequence.end(), claims.begin(), claims.end());
  if (progress && !c.tex.available())
    *progress << "palcheck report: no --tex: statements in palcheck's words (--tex PAPER.tex quotes the paper's)\n";
  if (progress && !c.draw) *progress << "palcheck report: gnuplot not found; figures as data tables only\n";
  fs::create_directories(tmp / "claims");
  if (c.markup == Markup::Html) {
    write_text(tmp / "style.css", style_sheet());
  }
  std::size_t done = 0;
  for (const ReportClaim& rc : run.claims) {
    if (progress)
      *progress << "palcheck report: [" << ++done << "/" << run.claims.size() << "] " << rc.claim.label << "\n";
    write_claim_page(c, rc);
  }
  write_index(c);
  if (c.markup == Markup::Html && c.any_formula) write_math_support(c);
  std::vector<std::string> kept;
  folder.commit(&kept);
  if (progress)
    for (const std::string& k : kept) *progress << "palcheck report: left in place: " << k << "\n";
  if (progress) *progress << "palcheck report: wrote " << (out / ("index" + page_ext(c))).string() << "\n";
}

}  // namespace palcheck::report
