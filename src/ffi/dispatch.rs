//! Run-time CPU dispatch for the hot paths: the core compiles them twice (portable, and with
//! `#[target_feature]` for x86-64-v3 bit manipulation); this picks one per call. Calling a
//! target-feature function is `unsafe` in Rust, which is why this lives in `src/ffi`.

use crate::core::Position;

/// Whether this CPU has POPCNT, BMI1, BMI2 and LZCNT (cached by std after the first check).
#[cfg(target_arch = "x86_64")]
fn has_x86_64_v3_bits() -> bool {
    is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("lzcnt")
}

/// Perft of `pos` to `depth` plies with the fastest build this CPU supports (same result as
/// [`crate::perft()`]).
pub fn perft_fast(pos: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if has_x86_64_v3_bits() {
        // SAFETY: the CPU supports every feature perft_x86_64_v3 is compiled for (checked
        // just above), which is the only requirement of a #[target_feature] function.
        return unsafe { crate::core::perft::perft_x86_64_v3(pos, depth) };
    }
    crate::core::perft(pos, depth)
}
