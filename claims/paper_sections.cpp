// The paper's sections in order, numbered as the paper prints them and titled in our words (see
// paper_sections.h).
#include "claims/paper_sections.h"

namespace palcheck {

const std::vector<PaperSection>& paper_sections() {
  static const std::vector<PaperSection> sections{
      {"sec:intro", "Section 1", "Introduction and abstract"},
      {"sec:preisach_bg", "Section 2.1", "Background: the Preisach operator"},
      {"sec:stack_bg", "Section 2.2", "Background: the extremum stack and Algorithm 1"},
      {"sec:transformer_bg", "Section 2.3", "Background: transformer attention"},
      {"sec:pal", "Section 3", "The Preisach Attention Layer"},
      {"sec:tc", "Section 4", "Turing completeness"},
      {"sec:separation", "Section 5", "Expressiveness separation from transformers"},
      {"sec:characterisation", "Section 6", "Logical characterisation (extremal first-order logic)"},
      {"sec:complexity", "Section 7", "Computational complexity"},
      {"sec:rfim", "Section 9", "Connection to the random-field Ising model"},
      {"app:efo_proof", "Appendix A", "Proof of the logical characterisation"},
      {"app:tc_aux", "Appendix B", "Auxiliary lemmas of the Turing-completeness section"},
      {"app:sparse", "Appendix C", "Relation to sparse attention"},
  };
  return sections;
}

std::string section_title(const std::string& label) {
  for (const PaperSection& s : paper_sections())
    if (s.label == label) return s.title;
  return label;
}

std::string section_number(const std::string& label) {
  for (const PaperSection& s : paper_sections())
    if (s.label == label) return s.number;
  return "";
}

}  // namespace palcheck
