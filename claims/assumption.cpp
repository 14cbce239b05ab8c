// Typed assumptions (see assumption.h).
#include "claims/assumption.h"

#include "reference/name_table.h"

#include <algorithm>

namespace palcheck {
namespace {

constexpr NameTable<Given, 6> kGiven{{
    {Given::Model, "model"},
    {Given::Domain, "domain"},
    {Given::Bound, "bound"},
    {Given::Component, "component"},
    {Given::Imported, "imported"},
    {Given::Witness, "witness"},
}};

constexpr NameTable<Extent, 3> kExtents{{
    {Extent::Every, "every"},
    {Extent::UpTo, "up to"},
    {Extent::Fixed, "fixed"},
}};

bool contains(const std::vector<Assumption>& list, const Assumption& a) {
  return std::find(list.begin(), list.end(), a) != list.end();
}

}  // namespace

std::string to_string(Given g) { return name_in(kGiven, g, "model"); }

std::optional<Given> parse_given(const std::string& text) { return value_in(kGiven, text); }

std::string to_string(Extent e) { return name_in(kExtents, e, "every"); }

std::optional<Extent> parse_extent(const std::string& text) { return value_in(kExtents, text); }

std::string assumption_text(const Assumption& a) {
  switch (a.kind) {
    case Given::Domain:
      switch (a.extent) {
        case Extent::Every: return a.subject + ": every value" + (a.value.empty() ? "" : " (" + a.value + ")");
        case Extent::UpTo: return a.subject + ": enumerated up to " + a.value;
        case Extent::Fixed: return a.subject + ": fixed at " + a.value;
      }
      break;
    case Given::Imported: return "imported: " + a.subject + (a.value.empty() ? "" : " (" + a.value + ")");
    case Given::Witness: return "witness: " + a.subject + ": " + a.value;
    case Given::Model:
    case Given::Bound:
    case Given::Component: break;
  }
  return a.subject + ": " + a.value;
}

std::string assumptions_text(const std::vector<Assumption>& list) {
  std::string out;
  for (const Assumption& a : list) out += (out.empty() ? "" : "; ") + assumption_text(a);
  return out;
}

bool narrows(const Assumption& a) { return a.kind != Given::Imported && a.kind != Given::Witness; }

std::vector<std::string> uncovered(const std::vector<Assumption>& statement, const std::vector<Assumption>& given) {
  std::vector<std::string> out;
  for (const Assumption& q : statement)
    if (!contains(given, q)) out.push_back("not given: " + assumption_text(q));
  for (const Assumption& a : given)
    if (narrows(a) && !contains(statement, a)) out.push_back("narrowed by: " + assumption_text(a));
  return out;
}

}  // namespace palcheck
