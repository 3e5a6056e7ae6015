//! The variant's type, which `Position<LookingGlass>` and the generic rules are
//! compiled for. Its rules (`impl Variant`) are in mod.rs; the files
//! of this folder name the type from here, so that none of them imports
//! mod.rs, which declares them all.

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LookingGlass;
