//! C ABI (placeholder until written).
