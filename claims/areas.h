// The registration entry points, one per area of palcheck. tools/ calls them all to build the
// registry behind `palcheck list|verify|show|replay`: the claim table first, then each area adds its
// checkers and replayers (never a claim).
#pragma once

#include "claims/registry.h"

namespace palcheck {

/// claims/paper_claims.cpp: the claim table (the paper's labels, then sub-claims and repairs of ours).
void register_paper_claims(Registry& registry);
/// claims/analysis_*.cpp: ILL-POSED and NOT-CHECKABLE analyses, with their exact points.
void register_analysis_checkers(Registry& registry);
/// proofs/: Z3 checkers.
void register_proof_checkers(Registry& registry);
/// properties/: RapidCheck property checkers.
void register_property_checkers(Registry& registry);
/// claims/constructions/: construction checkers (thm:tc, separations, EFO).
void register_construction_checkers(Registry& registry);
/// claims/physics/: numeric experiments (sec:rfim, prop:pal_preisach, rem:backprop).
void register_physics_checkers(Registry& registry);

/// All of the above, in that order.
Registry build_full_registry();

/// The claim table and one area's checkers and replayers (what an area's tests run).
Registry build_area_registry(void (*register_area)(Registry&));

}  // namespace palcheck
