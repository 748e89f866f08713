//! Atomic file writes: a temporary file in the target's folder, renamed over it, so a
//! failed run never leaves a half-written output behind.

use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path`, replacing it only once everything is on disk.
pub fn write_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    stage(path, contents)?.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes `contents` in full to a temporary file next to `path`, which persisting
/// it renames over `path`.
pub fn stage(path: &Path, contents: &[u8]) -> std::io::Result<tempfile::NamedTempFile> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(folder)?;
    file.write_all(contents)?;
    file.as_file().sync_all()?;
    Ok(file)
}
