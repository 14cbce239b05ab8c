// The registration entry points, one per area of palcheck. tools/ calls them all to build the
// registry behind `palcheck list|verify|show|replay`: the claim table first, then each area adds its
// checkers and replayers (never a claim).
#pragma once

#include "claims/registry.h"

namespace palcheck {

/// The areas' registrars, in the order build_full_registry calls them:
/// register_paper_claims (claims/paper_claims.cpp): the claim table (the paper's labels, then sub-claims and
///   repairs of ours).
/// register_analysis_checkers (claims/analysis_*.cpp): ILL-POSED and NOT-CHECKABLE analyses, with their exact points.
/// register_proof_checkers (proofs/): Z3 checkers.
/// register_property_checkers (properties/): RapidCheck property checkers.
/// register_construction_checkers (claims/constructions/): construction checkers (thm:tc, separations, EFO).
/// register_physics_checkers (claims/physics/): numeric experiments (sec:rfim, prop:pal_preisach, rem:backprop).
Registrar register_paper_claims, register_analysis_checkers, register_proof_checkers, register_property_checkers,
    register_construction_checkers, register_physics_checkers;

/// All of the above, in that order.
Registry build_full_registry();

/// The claim table and one area's checkers and replayers (what an area's tests run).
Registry build_area_registry(Registrar* register_area);

}  // namespace palcheck
