//! Atomic file writes: a temporary file in the target's folder, renamed over it, so a
//! failed run never leaves a half-written output behind. Every file a command writes
//! (`schema -o`, `gen`, `sdk`, `import -o`, `init`, the protocol artifacts) leaves through here.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::artifacts::Artifact;

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
            let mut file = temporary_beside(&target, &folder)?;
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

/// Whether `path` is a regular file holding exactly `contents`, compared a block at a
/// time rather than read whole: an SDK runs to hundreds of kilobytes, each read into
/// fresh memory only to find it unchanged. Anything else is not opened at all: opening
/// a FIFO for reading waits for a writer.
fn holds(path: &Path, contents: &[u8]) -> bool {
    use std::io::Read;
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == contents.len() as u64) {
        return false;
    }
    let Ok(mut file) = std::fs::File::open(path) else { return false };
    let mut block = [0u8; 16 * 1024];
    let mut rest = contents;
    loop {
        match file.read(&mut block) {
            Ok(0) => return rest.is_empty(),
            Ok(n) if rest.get(..n) == Some(&block[..n]) => rest = &rest[n..],
            Ok(_) => return false,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// Writes every file whose contents changed, each under its root (several roots at
/// once): nothing is renamed into place until every changed file of every root is
/// written in full, so a failure leaves the old files untouched. Returns the paths written, each joined to
/// its root. `gen` writes every output through it, `drift::write` one folder's.
pub fn write_all<'a>(outputs: impl IntoIterator<Item = (&'a Path, &'a Artifact)>) -> std::io::Result<Vec<PathBuf>> {
    let mut staged = Vec::new();
    for (root, file) in outputs {
        let path = root.join(&file.path);
        if holds(&path, file.contents.as_bytes()) {
            continue;
        }
        std::fs::create_dir_all(path.parent().unwrap_or(root))?;
        staged.push((stage(&path, file.contents.as_bytes())?, path));
    }
    let mut written = Vec::with_capacity(staged.len());
    for (temporary, path) in staged {
        temporary.commit()?;
        written.push(path);
    }
    Ok(written)
}

/// A temporary file in `folder` with the mode the output is to end with, which the
/// rename carries over: the target's own when it exists, else a new file's (0666
/// under the umask, as `fs::write` gives), not tempfile's owner-only 0600.
fn temporary_beside(target: &Path, folder: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let file = builder.tempfile_in(folder)?;
    if let Ok(existing) = std::fs::metadata(target) {
        file.as_file().set_permissions(existing.permissions())?;
    }
    Ok(file)
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

    /// An output is readable as any file its user makes: a new one gets the mode
    /// `fs::write` gives (the umask's), a replaced one keeps its own.
    #[cfg(unix)]
    #[test]
    fn an_output_has_the_mode_of_a_new_file_or_keeps_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain.json");
        std::fs::write(&plain, "x").unwrap();
        let new = dir.path().join("new.json");
        write_atomically(&new, b"{}").unwrap();
        assert_eq!(mode(&new), mode(&plain), "a new output has a new file's mode");
        let kept = dir.path().join("kept.json");
        std::fs::write(&kept, "old").unwrap();
        std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&kept, b"new").unwrap();
        assert_eq!(mode(&kept), 0o640, "a replaced output keeps its mode");
        assert_eq!(std::fs::read(&kept).unwrap(), b"new");
    }

    /// An unchanged file is left alone, compared a block at a time: a file that
    /// differs anywhere, in length or past the first block, is not taken for it.
    #[test]
    fn a_file_holds_its_contents_only_when_every_byte_is_equal() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.ts");
        let contents: Vec<u8> = (0..100_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        std::fs::write(&path, &contents).unwrap();
        assert!(holds(&path, &contents));
        let mut late = contents.clone();
        late[70_000] = b'!';
        assert!(!holds(&path, &late), "a difference past the first blocks");
        assert!(!holds(&path, &contents[..99_999]), "a shorter file");
        assert!(!holds(&path, &[&contents[..], b"x"].concat()), "a longer file");
        assert!(!holds(&dir.path().join("absent.ts"), b""));
        assert!(!holds(dir.path(), b""), "a folder holds no contents");
        std::fs::write(&path, "").unwrap();
        assert!(holds(&path, b""));
        // A FIFO is not opened (which would wait for a writer that never comes).
        #[cfg(unix)]
        {
            let fifo = dir.path().join("fifo.ts");
            assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
            assert!(!holds(&fifo, b""), "a FIFO holds no contents");
        }
    }

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
