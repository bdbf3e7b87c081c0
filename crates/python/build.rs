//! The linker arguments an extension module needs where the platform asks for them (macOS:
//! Python's symbols are found when the module is loaded).

fn main() {
    pyo3_build_config::add_extension_module_link_args();
}
