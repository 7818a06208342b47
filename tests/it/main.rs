//! The integration tests, as one binary: a binary per file links the whole crate again for
//! each (with the fat LTO of `cargo test --release`, that was most of the test build).

mod common;

mod bands_equivalence;
mod browser;
mod chains;
mod cli_bench;
mod cli_explain_pictures;
mod cli_hint;
mod cli_logic;
mod cli_render;
mod cli_solve;
mod coloring;
mod doc_transcripts;
mod engine_counts;
mod forcing;
mod fuzz_input;
mod generate;
mod json_doc;
mod larger_bases;
mod library_api;
mod logic_limits;
mod logic_props;
mod logic_singles;
mod logic_soundness;
mod logic_techniques;
mod multiple_chains;
mod pom;
mod props_solve;
mod rating;
mod render_svg;
mod soundness_scale;
mod soundness_several;
mod study;
