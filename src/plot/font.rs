//! The embedded font, prepared for plotters' bitmap text path.
//!
//! plotters (0.3.7, `ab_glyph` feature) rasterises each glyph into its pixel bounding box and
//! puts that box at the pen position, so the glyph's left side bearing (the gap between the
//! pen and the leftmost ink) is lost: an `i` or `l` (large bearing) moves left by its bearing,
//! an `m` (small bearing) hardly at all, and PNG text shows gaps inside words ("p aper",
//! "INTERP' s"). The pen itself advances correctly.
//!
//! The fix here is in the font data, so that every text path of plotters (tick labels, legends,
//! captions, our own text) is corrected at once: each simple glyph whose ink starts right of
//! the pen gets one extra contour made of a single on-curve point at `x = 0` on the glyph's
//! own baseline range. A one-point contour encloses no area, so it draws nothing, but it
//! extends the outline's bounding box to the pen, so the rasteriser's box starts at the pen
//! and the ink lands at the true bearing (with sub-pixel precision). Composite glyphs (accented
//! letters) are built from patched simple glyphs and follow. The SVG output is unaffected (it
//! writes `<text>` elements). Hinting instructions are kept and still address the same points
//! (the new point comes last), though nothing on this path runs them.

/// Read a big-endian `u16` at `at`.
fn u16_at(d: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes([*d.get(at)?, *d.get(at + 1)?]))
}

fn i16_at(d: &[u8], at: usize) -> Option<i16> {
    u16_at(d, at).map(|v| v as i16)
}

fn u32_at(d: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes([
        *d.get(at)?,
        *d.get(at + 1)?,
        *d.get(at + 2)?,
        *d.get(at + 3)?,
    ]))
}

/// (offset of the table record, table offset, table length) of `tag`.
fn table(d: &[u8], tag: &[u8; 4]) -> Option<(usize, usize, usize)> {
    let n = u16_at(d, 4)? as usize;
    (0..n).find_map(|i| {
        let rec = 12 + 16 * i;
        (d.get(rec..rec + 4)? == tag).then_some(())?;
        Some((rec, u32_at(d, rec + 8)? as usize, u32_at(d, rec + 12)? as usize))
    })
}

const ON_CURVE: u8 = 0x01;
const X_SHORT: u8 = 0x02;
const Y_SHORT: u8 = 0x04;
const REPEAT: u8 = 0x08;
const X_SAME_OR_POSITIVE: u8 = 0x10;
const Y_SAME_OR_POSITIVE: u8 = 0x20;

/// Decode one coordinate array (`short`/`same` flag bits) starting at `at`; returns the
/// absolute values and the offset after the array.
fn coordinates(d: &[u8], mut at: usize, flags: &[u8], short: u8, same: u8) -> Option<(Vec<i32>, usize)> {
    let mut v = 0i32;
    let mut out = Vec::with_capacity(flags.len());
    for &f in flags {
        if f & short != 0 {
            let b = i32::from(*d.get(at)?);
            at += 1;
            v += if f & same != 0 { b } else { -b };
        } else if f & same == 0 {
            v += i32::from(i16_at(d, at)?);
            at += 2;
        }
        out.push(v);
    }
    Some((out, at))
}

/// One simple glyph with an extra one-point contour at `x = 0`, or `None` when it needs none
/// (its ink already reaches the pen) or cannot be read.
fn patch_simple_glyph(g: &[u8]) -> Option<Vec<u8>> {
    let contours = i16_at(g, 0)?;
    if contours <= 0 {
        return None;
    }
    let n = contours as usize;
    let ends_at = 10;
    let points = usize::from(u16_at(g, ends_at + 2 * (n - 1))?) + 1;
    let instr_len_at = ends_at + 2 * n;
    let instr_len = usize::from(u16_at(g, instr_len_at)?);
    let flags_at = instr_len_at + 2 + instr_len;
    let mut flags = Vec::with_capacity(points);
    let mut at = flags_at;
    while flags.len() < points {
        let f = *g.get(at)?;
        at += 1;
        flags.push(f);
        if f & REPEAT != 0 {
            let count = *g.get(at)?;
            at += 1;
            flags.extend(std::iter::repeat_n(f, usize::from(count)));
        }
    }
    flags.truncate(points);
    let flags_end = at;
    let (xs, x_end) = coordinates(g, flags_end, &flags, X_SHORT, X_SAME_OR_POSITIVE)?;
    let (ys, y_end) = coordinates(g, x_end, &flags, Y_SHORT, Y_SAME_OR_POSITIVE)?;
    // The outline's box includes the control points (as the parser computes it).
    if xs.iter().copied().min()? <= 0 {
        return None;
    }
    // An on-curve point's height lies inside the glyph's vertical extent, so the box grows
    // only to the left.
    let y_new = flags
        .iter()
        .zip(&ys)
        .find(|(f, _)| *f & ON_CURVE != 0)
        .map_or(ys[0], |(_, &y)| y);
    let dx = i16::try_from(-xs[points - 1]).ok()?;
    let dy = i16::try_from(y_new - ys[points - 1]).ok()?;
    let mut out = Vec::with_capacity(g.len() + 8);
    out.extend_from_slice(&(contours + 1).to_be_bytes());
    out.extend_from_slice(&0i16.to_be_bytes()); // xMin
    out.extend_from_slice(&g[4..10]); // yMin, xMax, yMax
    out.extend_from_slice(&g[ends_at..instr_len_at]);
    out.extend_from_slice(&(points as u16).to_be_bytes()); // the new contour's last point
    out.extend_from_slice(&g[instr_len_at..flags_end]); // instructions and flags
    out.push(ON_CURVE); // long x and y deltas follow
    out.extend_from_slice(&g[flags_end..x_end]);
    out.extend_from_slice(&dx.to_be_bytes());
    out.extend_from_slice(&g[x_end..y_end]);
    out.extend_from_slice(&dy.to_be_bytes());
    Some(out)
}

/// A copy of the TrueType font `ttf` whose simple glyphs all have their bounding box start
/// at the pen (see the module notes); `None` when the file is not a `glyf` font this can
/// read, in which case the caller uses it unchanged.
pub(crate) fn with_pen_anchored_glyphs(ttf: &[u8]) -> Option<Vec<u8>> {
    let (_, head, _) = table(ttf, b"head")?;
    let (_, maxp, _) = table(ttf, b"maxp")?;
    let (loca_rec, loca, _) = table(ttf, b"loca")?;
    let (glyf_rec, glyf, glyf_len) = table(ttf, b"glyf")?;
    let long = i16_at(ttf, head + 50)? != 0;
    let glyphs = usize::from(u16_at(ttf, maxp + 4)?);
    let offset = |i: usize| -> Option<usize> {
        if long {
            u32_at(ttf, loca + 4 * i).map(|v| v as usize)
        } else {
            u16_at(ttf, loca + 2 * i).map(|v| 2 * usize::from(v))
        }
    };
    let mut new_glyf = Vec::with_capacity(glyf_len + 16 * glyphs);
    let mut new_loca = Vec::with_capacity(4 * (glyphs + 1));
    for i in 0..glyphs {
        let (a, b) = (offset(i)?, offset(i + 1)?);
        let g = ttf.get(glyf + a..glyf + b.max(a))?;
        new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
        match patch_simple_glyph(g) {
            Some(p) => new_glyf.extend_from_slice(&p),
            None => new_glyf.extend_from_slice(g),
        }
        while !new_glyf.len().is_multiple_of(4) {
            new_glyf.push(0);
        }
    }
    new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
    // The old tables stay where they are (unreferenced); the new ones go at the end.
    let mut out = ttf.to_vec();
    out[head + 50..head + 52].copy_from_slice(&1i16.to_be_bytes()); // long loca offsets
    for (rec, data) in [(glyf_rec, &new_glyf), (loca_rec, &new_loca)] {
        while !out.len().is_multiple_of(4) {
            out.push(0);
        }
        let at = out.len() as u32;
        out[rec + 8..rec + 12].copy_from_slice(&at.to_be_bytes());
        out[rec + 12..rec + 16].copy_from_slice(&(data.len() as u32).to_be_bytes());
        out.extend_from_slice(data);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_with_a_bearing_gets_one_point() {
        let ttf = super::super::FONT_BYTES;
        let out = with_pen_anchored_glyphs(ttf).expect("DejaVu Sans is a glyf font");
        assert!(out.len() > ttf.len());
        // Same table count, the head now says long offsets.
        assert_eq!(u16_at(&out, 4), u16_at(ttf, 4));
        let (_, head, _) = table(&out, b"head").unwrap();
        assert_eq!(i16_at(&out, head + 50), Some(1));
    }
}
