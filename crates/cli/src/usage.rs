//! What every command returns when it fails, and the variant look-up they share.
//!
//! Kept out of main.rs so that the command files, which all use it, do not
//! import the file that declares them.

use crate::closed_output;

/// A failure to report: one line on stderr and exit status 2 (or, when the
/// reader of our output went away, a quiet end: see [`closed_output`]).
pub struct UsageError(pub String);

impl<E: std::fmt::Display + 'static> From<E> for UsageError {
    fn from(e: E) -> Self {
        if closed_output::is_closed_output(&e) {
            return UsageError(closed_output::MARKER.into());
        }
        UsageError(e.to_string())
    }
}

pub fn find_variant(id: &str) -> Result<&'static chesslantis_core::registry::VariantInfo, UsageError> {
    chesslantis_core::registry::variant(id).ok_or_else(|| {
        UsageError(format!(
            "unknown variant '{id}'; known: {}",
            chesslantis_core::registry::variant_ids().join(", ")
        ))
    })
}
