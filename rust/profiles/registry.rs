//! Every profile by number: the list a `Rules` stores its profile's number in (a
//! `Rules` built and read by option name is `rules.rs`).

use super::profile::Profile;
use super::{changsha, guobiao, hebei, queyimen, sichuan, taiyuan, tiny};

/// Every profile, by number (a `Rules` stores the number). The first is the default.
pub static ALL: &[&dyn Profile] = &[
    &taiyuan::Taiyuan,
    &queyimen::Queyimen,
    &hebei::Hebei,
    &changsha::Changsha,
    &guobiao::Guobiao,
    &tiny::Tiny,
    &sichuan::Sichuan,
];

/// The number of the profile called `name`.
#[must_use]
pub fn index_of(name: &str) -> Option<u8> {
    let lower = name.trim().to_ascii_lowercase();
    ALL.iter().position(|p| p.name() == lower).map(|i| i as u8)
}

/// The listed profiles' names.
#[must_use]
pub fn names() -> Vec<&'static str> {
    listed().map(Profile::name).collect()
}

/// Every preset's name, over the listed profiles.
#[must_use]
pub fn preset_names() -> Vec<&'static str> {
    listed()
        .flat_map(|p| p.presets().iter().map(|s| s.name))
        .collect()
}

/// The listed profiles ([`Profile::listed`]), in order.
pub fn listed() -> impl Iterator<Item = &'static dyn Profile> {
    ALL.iter().copied().filter(|p| p.listed())
}
