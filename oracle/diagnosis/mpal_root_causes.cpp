// MPAL root causes per head (see mpal_root_causes.h).
#include "oracle/diagnosis/mpal_root_causes.h"

#include "oracle/eval/frame_eval.h"
#include "oracle/keyed/keyed_pal.h"

#include <map>
#include <memory>

namespace palcheck::oracle {

using nlohmann::json;

std::vector<ConventionChange> mpal_convention_changes(const Conventions& declared, InitialState initial,
                                                      std::size_t heads) {
  std::vector<ConventionChange> out;
  for (const ConventionChange& c : convention_changes(declared, initial)) {
    if (c.conventions.contains("before_crossing") || c.conventions.contains("smoothing")) continue;
    out.push_back(c);
    for (std::size_t h = 0; h < heads && heads > 1; ++h) {
      out.push_back(c);
      out.back().head = h;
    }
  }
  return out;
}

namespace {

// One head over one sequence: its PAL as declared and under each reading a change asks for, each
// computed once (a change in every head and in that head alone share it).
class HeadRuns {
 public:
  HeadRuns(const MpalHead& head, const std::vector<QVector>& tokens)
      : keyed_(head.mu), measures_(keyed_), signal_(project(head.w_in, tokens)) {}

  const std::vector<Q>& pal(const Conventions& c, InitialState initial) {
    std::string key = to_string(c.tie) + "|" + to_string(c.first_token) + "|" + std::to_string(int(initial));
    auto it = pal_.find(key);
    if (it == pal_.end()) it = pal_.emplace(key, head_pal(measures_, signal_, c, initial)).first;
    return it->second;
  }

 private:
  KeyedMeasure keyed_;
  ReadingMeasures measures_;
  std::vector<Q> signal_;
  std::map<std::string, std::vector<Q>> pal_;
};

}  // namespace

std::vector<std::size_t> reproducing_mpal_changes(const std::vector<ConventionChange>& changes,
                                                  const OracleProblem& p, std::size_t s,
                                                  const std::vector<Q>& actual, const Conventions& declared,
                                                  std::size_t first_failing) {
  std::vector<std::unique_ptr<HeadRuns>> heads;
  for (const MpalHead& h : p.heads) heads.push_back(std::make_unique<HeadRuns>(h, p.token_sequences[s]));
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const ConventionChange& c = changes[i];
    std::vector<const std::vector<Q>*> pal;
    bool moves = false;  // whether some changed head's PAL differs at the first failing token
    for (std::size_t h = 0; h < heads.size(); ++h) {
      const std::vector<Q>& as_declared = heads[h]->pal(declared, p.initial);
      pal.push_back(!c.head || *c.head == h ? &heads[h]->pal(c.changed, c.initial) : &as_declared);
      moves = moves || (*pal.back())[first_failing] != as_declared[first_failing];
    }
    if (!moves) continue;
    // Tolerance and frame are the declared ones: a change moves only the relays' reading.
    std::vector<Q> rerun = mpal_from_heads(p, s, declared, pal);
    bool same = true;
    for (std::size_t k = 0; k < rerun.size() && same; ++k) same = within_tolerance(declared, actual[k], rerun[k]);
    if (same) out.push_back(i);
  }
  return out;
}

std::vector<DefectKind> mpal_defect_kinds(const json& diagnosis) {
  std::vector<DefectKind> out;
  if (!diagnosis.is_object() || !diagnosis.contains("heads")) return out;
  for (const json& head : diagnosis["heads"])
    for (DefectKind& d : defect_kinds(head["diagnosis"], head["head"].get<std::size_t>())) out.push_back(std::move(d));
  return out;
}

}  // namespace palcheck::oracle
