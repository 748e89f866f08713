use std::time::Instant;
#[global_allocator]
static A: mimalloc::MiMalloc = mimalloc::MiMalloc;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let t = Instant::now();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let parse = t.elapsed();
    let t = Instant::now();
    let s = serde_json::to_string(&v).unwrap();
    let ser = t.elapsed();
    drop(v);
    println!("serde_json parse {parse:?} serialize {ser:?} ({} bytes)", s.len());
    let t = Instant::now();
    let doc = harn_catalog::ingest::parse(harn_catalog::source::SourceFile::new(
        &path,
        text.clone(),
        harn_catalog::source::Format::Json,
    ))
    .ok()
    .unwrap();
    println!("strict parse {:?}", t.elapsed());
    let t = Instant::now();
    let n = harn_catalog::ingest::registry::normalize(doc);
    println!("normalize {:?}", t.elapsed());
    let t = Instant::now();
    let d = harn_catalog::check::validate(&n.catalog, &n.provenance, harn_catalog::check::schema::Wording::Registry, &n.superseded);
    println!("validate {:?} ({} diags)", t.elapsed(), d.len());
    let t = Instant::now();
    let out = harn_catalog::emit::canonical_json(&n.catalog, false);
    println!("emit {:?} ({} bytes)", t.elapsed(), out.len());
}
