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

// Whether the reference re-run with each head's PAL `changed` reproduces every token of sequence s: a
// token where no head's PAL moves keeps the declared output (`declared_ok` says whether that matches);
// elsewhere the output moves by slope * sum_h W_O^(h) (PAL_h changed - PAL_h declared).
bool reproduces(const OracleProblem& p, const std::vector<Q>& actual,
                const std::vector<Q>& expected, const Conventions& declared, const std::vector<char>& declared_ok,
                const std::vector<const std::vector<Q>*>& changed, const std::vector<const std::vector<Q>*>& as_declared,
                std::size_t first_failing) {
  const std::size_t d = p.width(), tokens = declared_ok.size();
  const Q slope = their_slope(declared);
  for (std::size_t t = 0; t <= tokens; ++t) {
    std::size_t n = t == 0 ? first_failing : t - 1;  // the first failing token first, then every token
    std::vector<Q> moved(d, Q(0));
    bool moves = false;
    for (std::size_t h = 0; h < p.heads.size(); ++h) {
      if ((*changed[h])[n] == (*as_declared[h])[n]) continue;
      moves = true;
      Q change = (*changed[h])[n] - (*as_declared[h])[n];
      for (std::size_t k = 0; k < d; ++k) moved[k] += p.heads[h].w_out[k] * change;
    }
    if (!moves && !declared_ok[n]) return false;
    for (std::size_t k = 0; k < d && moves; ++k)
      if (!within_tolerance(declared, actual[n * d + k], expected[n * d + k] + slope * moved[k])) return false;
  }
  return true;
}

}  // namespace

std::vector<std::size_t> reproducing_mpal_changes(const std::vector<ConventionChange>& changes,
                                                  const OracleProblem& p, std::size_t s,
                                                  const std::vector<Q>& actual, const std::vector<Q>& expected,
                                                  const Conventions& declared, std::size_t first_failing) {
  const std::size_t d = p.width(), tokens = p.length(s);
  std::vector<char> declared_ok(tokens, 1);
  for (std::size_t i = 0; i < tokens * d; ++i)
    if (!within_tolerance(declared, actual[i], expected[i])) declared_ok[i / d] = 0;
  std::vector<std::unique_ptr<HeadRuns>> heads;
  std::vector<const std::vector<Q>*> as_declared;
  for (const MpalHead& h : p.heads) {
    heads.push_back(std::make_unique<HeadRuns>(h, p.token_sequences[s]));
    as_declared.push_back(&heads.back()->pal(declared, p.initial));
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    std::vector<const std::vector<Q>*> changed;
    for (std::size_t h = 0; h < heads.size(); ++h)
      changed.push_back(!changes[i].head || *changes[i].head == h ? &heads[h]->pal(changes[i].changed, changes[i].initial)
                                                                  : as_declared[h]);
    if (reproduces(p, actual, expected, declared, declared_ok, changed, as_declared, first_failing))
      out.push_back(i);
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
