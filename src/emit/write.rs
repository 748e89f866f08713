//! Atomic file writes: a temporary file in the target's folder, renamed over it, so a
//! failed run never leaves a half-written output behind.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `contents` to `path`, replacing it only once everything is written.
pub fn write_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    stage(path, contents)?.commit()
}

/// Writes what `write` produces, as it is produced (`write` should buffer), to a
/// temporary file beside `path` (into memory for a device or FIFO, which cannot be
/// staged), for [`Staged::commit`] to put in place: a large output is never held in
/// memory whole, and a failed `write` leaves `path` as it was.
pub fn stage_with(path: &Path, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<Staged> {
    match destination(path)? {
        Destination::Node(target) => {
            let mut contents = Vec::new();
            write(&mut contents)?;
            Ok(Staged(Pending::InPlace { target, contents }))
        }
        Destination::File { target, folder } => {
            let mut file = tempfile::NamedTempFile::new_in(folder)?;
            write(file.as_file_mut())?;
            Ok(Staged(Pending::Renamed { file, target }))
        }
    }
}

/// An output written in full but not yet in place; [`Staged::commit`] puts it there.
pub struct Staged(Pending);

enum Pending {
    /// A temporary file beside the target, renamed over it on commit.
    Renamed { file: tempfile::NamedTempFile, target: PathBuf },
    /// A device, FIFO or socket (`-o /dev/null`, `-o /dev/stdout`): renaming over it
    /// would replace the node itself, for every program on the machine, with a regular
    /// file. It is written in place instead, and cannot be staged.
    InPlace { target: PathBuf, contents: Vec<u8> },
}

impl Staged {
    /// Moves the output into place.
    pub fn commit(self) -> std::io::Result<()> {
        match self.0 {
            Pending::Renamed { file, target } => file.persist(target).map(drop).map_err(|e| e.error),
            Pending::InPlace { target, contents } => {
                std::fs::OpenOptions::new().write(true).open(target)?.write_all(&contents)
            }
        }
    }
}

/// Writes `contents` in full to a temporary file next to `path` (next to the file it
/// links to, for a symbolic link, which stays a link), for [`Staged::commit`] to
/// rename over it.
///
/// The rename makes the write atomic for a run that fails or is stopped; like
/// compilers' outputs, the file is not synced to the disk on top of that.
pub fn stage(path: &Path, contents: &[u8]) -> std::io::Result<Staged> {
    stage_with(path, |out| out.write_all(contents))
}

/// Where an output for `path` goes.
enum Destination {
    /// A device, FIFO or socket, written in place (see [`Pending::InPlace`]).
    Node(PathBuf),
    /// A regular file (new, or the file a link leads to), renamed over from a
    /// temporary file in `folder`.
    File { target: PathBuf, folder: PathBuf },
}

fn destination(path: &Path) -> std::io::Result<Destination> {
    let target = match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() && !meta.is_dir() => return Ok(Destination::Node(path.to_owned())),
        Ok(meta) if meta.is_file() => std::fs::canonicalize(path)?,
        _ => path.to_owned(),
    };
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    Ok(Destination::File { target, folder })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_a_regular_file_and_creates_a_new_one() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join("old.json");
        std::fs::write(&old, "old").unwrap();
        write_atomically(&old, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "new");
        let fresh = dir.path().join("fresh.json");
        write_atomically(&fresh, b"fresh").unwrap();
        assert_eq!(std::fs::read_to_string(&fresh).unwrap(), "fresh");
    }

    #[test]
    fn a_streamed_write_replaces_the_file_only_when_it_succeeds() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.json");
        std::fs::write(&out, "old").unwrap();
        let failed = stage_with(&out, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("serialiser failed"))
        });
        assert_eq!(failed.err().expect("the write failed").to_string(), "serialiser failed");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left behind");
        stage_with(&out, |w| w.write_all(b"new")).and_then(Staged::commit).unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "new");
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_stays_a_link_to_the_file_it_names() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    }

    /// A FIFO stands for `/dev/null` and the other nodes that must never be replaced:
    /// the test cannot damage the machine if the write regresses.
    #[cfg(unix)]
    #[test]
    fn a_fifo_is_written_in_place_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("out.fifo");
        let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: `name` is a valid NUL-terminated path that outlives the call.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        write_atomically(&fifo, b"through").unwrap();
        // Before joining: a reader left waiting on a replaced FIFO would never return.
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo(), "the FIFO was replaced by a file");
        assert_eq!(reader.join().unwrap(), "through");
    }
}
