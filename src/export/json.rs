//! JSON read from files a user hands in (counts, manifests): a repeated key is an error that
//! names it, not a value silently replaced by the last one (serde_json keeps the last).

use crate::error::{Error, Result};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::collections::HashSet;
use std::fmt;

/// Parse `text` (`source` names the file in messages), refusing an object with a repeated key.
pub fn parse_unique(text: &str, source: &str) -> Result<Value> {
    let bad = |e: serde_json::Error| Error::malformed(source, format!("line {}: not valid JSON: {e}", e.line()));
    serde_json::from_str::<UniqueKeys>(text).map_err(bad)?;
    serde_json::from_str(text).map_err(bad)
}

/// The key of a manifest's digest.
pub const DIGEST_KEY: &str = "digest";

/// SHA-256 (hex) of `doc` without its [`DIGEST_KEY`]: written into every manifest and checked
/// when one is read, so that an edited field (a mixer, a probability, an emptied list) is
/// found. Computed over a canonical form (keys sorted, numbers as the `f64` they hold), so
/// that a reader that loads and saves the file again (Python's `json`, say) keeps it valid.
pub fn digest_of(doc: &Value) -> String {
    let mut text = String::new();
    canonical(doc, true, &mut text);
    crate::encoding::sha256_hex(&text)
}

fn canonical(v: &Value, top: bool, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match n.as_f64() {
            Some(x) => out.push_str(&format!("{x:?}")),
            None => out.push_str(&n.to_string()),
        },
        Value::String(s) => out.push_str(&Value::String(s.clone()).to_string()),
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(x, false, out);
            }
            out.push(']');
        }
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().filter(|k| !(top && k.as_str() == DIGEST_KEY)).collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                canonical(&m[k], false, out);
            }
            out.push('}');
        }
    }
}

/// A JSON value read only to check that no object repeats a key.
struct UniqueKeys;

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> std::result::Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_i64<E>(self, _: i64) -> std::result::Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_u64<E>(self, _: u64) -> std::result::Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_f64<E>(self, _: f64) -> std::result::Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_str<E>(self, _: &str) -> std::result::Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_unit<E>(self) -> std::result::Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<UniqueKeys, A::Error> {
        while seq.next_element::<UniqueKeys>()?.is_some() {}
        Ok(UniqueKeys)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<UniqueKeys, A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format!(
                    "the key `{key}` appears twice in one object (a JSON reader would keep only the last)"
                )));
            }
            map.next_value::<UniqueKeys>()?;
        }
        Ok(UniqueKeys)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_sees_every_field_but_not_the_layout() {
        let a: Value = serde_json::from_str(r#"{"mixer": "x", "p": [0.1, 2.0], "n": 3, "digest": "ab"}"#).unwrap();
        // Reordered, re-spaced, 2.0 written as 2, another digest: the same document.
        let b: Value = serde_json::from_str("{\"n\": 3.0,\n \"p\": [0.1, 2], \"mixer\": \"x\"}").unwrap();
        assert_eq!(digest_of(&a), digest_of(&b));
        for edited in [
            r#"{"mixer": "grover", "p": [0.1, 2.0], "n": 3}"#,
            r#"{"mixer": "x", "p": [0.1, 2.0, 3.0], "n": 3}"#,
            r#"{"mixer": "x", "p": [0.1, 2.0], "n": -5}"#,
            r#"{"mixer": "x", "p": [0.1, 2.0], "n": 3, "m": null}"#,
            r#"{"mixer": "x", "p": [], "n": 3}"#,
        ] {
            let e: Value = serde_json::from_str(edited).unwrap();
            assert_ne!(digest_of(&a), digest_of(&e), "{edited}");
        }
    }

    #[test]
    fn written_and_read_back_the_digest_holds() {
        // Floats written by serde_json are read back to the same bits only with exact parsing
        // (the `float_roundtrip` feature); without it some come back one unit off, and a
        // manifest would fail its own digest.
        use rand::Rng;
        let mut rng = crate::rng::seeded(7);
        let xs: Vec<f64> = (0..20_000)
            .map(|_| rng.random::<f64>() * 10f64.powi(rng.random_range(-12..3)))
            .collect();
        let doc = serde_json::json!({ "qubit_marginals": xs, "dimension": 1640.0 });
        let back: Value = serde_json::from_str(&serde_json::to_string_pretty(&doc).unwrap()).unwrap();
        assert_eq!(back, doc);
        assert_eq!(digest_of(&back), digest_of(&doc));
    }

    #[test]
    fn repeated_keys_are_named_at_every_depth() {
        assert!(parse_unique(r#"{"a": 1, "b": [{"a": 2}, {"a": 3}]}"#, "f.json").is_ok());
        for text in [
            r#"{"0101": 3, "0101": 4}"#,
            "{\"c\": {\"x\": 1,\n \"0101\": 3, \"0101\": 4}}",
            r#"[{"0101": 3, "0101": 4}]"#,
        ] {
            let e = parse_unique(text, "f.json").unwrap_err();
            assert!(e.is_usage());
            let e = e.to_string();
            assert!(e.contains("f.json") && e.contains("`0101` appears twice"), "{e}");
        }
        let e = parse_unique("{\"a\": 1,\n\"a\": 2}", "f.json").unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
        // A huge repeated key is cut in the message.
        let key = "1".repeat(100_000);
        let e = parse_unique(&format!(r#"{{"{key}": 1, "{key}": 2}}"#), "f.json").unwrap_err();
        assert!(e.to_string().len() < 1000, "{}", e.to_string().len());
    }
}
