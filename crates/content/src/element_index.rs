//! [`ElementIndex`]: a JS `Map` from elements to numbers (indices into a
//! Rust `Vec`), the one way to key anything by element here — elements
//! cannot be hashed on the Rust side.
//!
//! Bound with number-typed methods instead of `js_sys::Map`'s `JsValue`
//! ones because every crossing of the JS↔WASM boundary costs about what a
//! cheap DOM read does (TOOLCHAIN.md): `js_sys::Map::get(..).as_f64()` is
//! two calls (the lookup, then unboxing the value) and `set` a third to box
//! the number and return the map; here a lookup is one call, the number
//! converted by the boundary itself (`undefined` → NaN), and so is a store.
//! On a 10k-element page the memos and caches keyed by element make about
//! 20k lookups per first MiniPCD, so the calls saved are several ms.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A JS `Map` whose values are numbers.
    #[wasm_bindgen(js_name = Map)]
    type NumberMap;
    #[wasm_bindgen(constructor, js_class = "Map")]
    fn new() -> NumberMap;
    /// `get`, converted to a number at the boundary: NaN when absent.
    #[wasm_bindgen(method, js_class = "Map", js_name = get)]
    fn get_number(this: &NumberMap, key: &JsValue) -> f64;
    /// `set`, its return value (the map) left in JS.
    #[wasm_bindgen(method, js_class = "Map", js_name = set)]
    fn set_number(this: &NumberMap, key: &JsValue, value: u32);
    #[wasm_bindgen(method, js_class = "Map")]
    fn has(this: &NumberMap, key: &JsValue) -> bool;
    #[wasm_bindgen(method, js_class = "Map")]
    fn delete(this: &NumberMap, key: &JsValue) -> bool;
    #[wasm_bindgen(method, getter, js_class = "Map")]
    fn size(this: &NumberMap) -> u32;
}

/// Elements → `u32`. Any JS value is a key as `Map` compares it: objects
/// by identity, strings by value (the interned tag names, `aria::dom::tag`).
pub struct ElementIndex(NumberMap);

impl Default for ElementIndex {
    fn default() -> Self {
        ElementIndex(NumberMap::new())
    }
}

impl ElementIndex {
    pub fn new() -> Self {
        Self::default()
    }

    /// The number stored for `key`, if any.
    pub fn get(&self, key: &JsValue) -> Option<u32> {
        let v = self.0.get_number(key);
        // Only `u32`s are stored, so anything else (NaN) is absence.
        (v >= 0.0).then_some(v as u32)
    }

    pub fn set(&self, key: &JsValue, value: u32) {
        self.0.set_number(key, value);
    }

    pub fn contains(&self, key: &JsValue) -> bool {
        self.0.has(key)
    }

    pub fn remove(&self, key: &JsValue) {
        self.0.delete(key);
    }

    pub fn len(&self) -> u32 {
        self.0.size()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
