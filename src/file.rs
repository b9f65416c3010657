//! Reading whole files, for the `*_load_file` entry points of the atlas and skeleton
//! loaders.

use std::path::Path;

/// Reads a whole file. The WebAssembly build (wasm32-unknown-unknown) has no file system:
/// there every read fails (`Error::Io`, `SPN_ERROR_IO` through the C ABI) with a message
/// saying to load the bytes from memory.
pub(crate) fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    {
        let _ = path;
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "the WebAssembly build has no file system: load the bytes from memory",
        ))
    }
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    std::fs::read(path)
}
