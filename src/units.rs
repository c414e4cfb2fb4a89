//! Sizes as every message and table writes them: bytes in the largest binary unit that keeps
//! the number at least 1, powers of two past f64's range.

/// Bytes in a GiB.
const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// `bytes` in GiB.
pub fn gib(bytes: f64) -> f64 {
    bytes / GIB
}

/// Bytes as every message and table writes them: in the largest binary unit (B, KiB, MiB,
/// GiB, TiB, PiB) that keeps the number at least 1, to three significant digits (`576 KiB`,
/// `1.13 TiB`); from 1024 PiB on as a power of two (`2^148.17 bytes`).
pub fn bytes_text(bytes: f64) -> String {
    // NaN and infinity go the power-of-two way too.
    if bytes.is_nan() || bytes >= 1024f64.powi(6) {
        return size_text(bytes.log2());
    }
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut v = bytes.max(0.0);
    let mut u = 0;
    while v >= 1024.0 && u + 1 < units.len() {
        v /= 1024.0;
        u += 1;
    }
    // A size that went through log2 and back (`size_text`) prints as the exact one does.
    let v = (v * 1e9).round() / 1e9;
    let digits = match v {
        _ if u == 0 || v >= 100.0 => 0,
        _ if v >= 10.0 => 1,
        _ => 2,
    };
    format!("{v:.digits$} {}", units[u])
}

/// A size of `2^log2_bytes` bytes as [`bytes_text`] writes it, exact past f64's range.
pub fn size_text(log2_bytes: f64) -> String {
    if log2_bytes < 60.0 {
        bytes_text(log2_bytes.exp2())
    } else if log2_bytes.is_finite() {
        format!("2^{log2_bytes:.2} bytes")
    } else {
        "more than 2^1024 bytes".into()
    }
}

/// `gib` GiB as [`size_text`] writes it (past f64's range: "more than 2^1024 bytes").
pub fn gib_text(gib: f64) -> String {
    if gib.is_finite() {
        size_text(gib.max(f64::MIN_POSITIVE).log2() + 30.0)
    } else {
        "more than 2^1024 bytes".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_gib_or_powers_of_two() {
        assert_eq!(size_text(34.0), "16.0 GiB");
        assert_eq!(size_text(204.0), "2^204.00 bytes");
        assert_eq!(gib_text(f64::INFINITY), "more than 2^1024 bytes");
        assert_eq!(gib_text(2.0), "2.00 GiB");
    }

    #[test]
    fn bytes_have_one_unit_rule() {
        // 36 qubits of 16 + 2 bytes: 1152 GiB is 1.12 TiB, wherever it is printed.
        assert_eq!(bytes_text(18.0 * 2f64.powi(36)), "1.12 TiB");
        assert_eq!(gib_text(1152.0), "1.12 TiB");
        assert_eq!(size_text((18.0 * 2f64.powi(36)).log2()), "1.12 TiB");
        // 15 qubits: a statevector alone, and with a 2-byte diagonal.
        assert_eq!(bytes_text(16.0 * 2f64.powi(15)), "512 KiB");
        assert_eq!(bytes_text(18.0 * 2f64.powi(15)), "576 KiB");
        assert_eq!(bytes_text(0.0), "0 B");
        assert_eq!(bytes_text(1000.0), "1000 B");
        assert_eq!(bytes_text(1536.0), "1.50 KiB");
        assert_eq!(bytes_text(2f64.powi(70)), "2^70.00 bytes");
        assert_eq!(bytes_text(f64::INFINITY), "more than 2^1024 bytes");
    }
}
