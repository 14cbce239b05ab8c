// The paper's sections in order, titled in our words (see paper_sections.h).
#include "claims/paper_sections.h"

namespace palcheck {

const std::vector<PaperSection>& paper_sections() {
  static const std::vector<PaperSection> sections{
      {"sec:intro", "Introduction and abstract"},
      {"sec:preisach_bg", "Background: the Preisach operator"},
      {"sec:stack_bg", "Background: the extremum stack and Algorithm 1"},
      {"sec:transformer_bg", "Background: transformer attention"},
      {"sec:pal", "The Preisach Attention Layer"},
      {"sec:tc", "Turing completeness"},
      {"sec:separation", "Expressiveness separation from transformers"},
      {"sec:characterisation", "Logical characterisation (extremal first-order logic)"},
      {"sec:complexity", "Computational complexity"},
      {"sec:rfim", "Connection to the random-field Ising model"},
      {"app:efo_proof", "Appendix: proof of the logical characterisation"},
      {"app:tc_aux", "Appendix: auxiliary lemmas of the Turing-completeness section"},
      {"app:sparse", "Appendix: relation to sparse attention"},
  };
  return sections;
}

std::string section_title(const std::string& label) {
  for (const PaperSection& s : paper_sections())
    if (s.label == label) return s.title;
  return label;
}

}  // namespace palcheck
