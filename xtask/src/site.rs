//! `cargo xtask wasm` and `cargo xtask site`: the WebAssembly package and the page with no
//! server.
//!
//! - `wasm` builds `crates/cards-wasm` for `wasm32-unknown-unknown` and runs `wasm-bindgen`
//!   (its version must equal the `wasm-bindgen` crate's in `Cargo.lock`) into the npm package
//!   folder `target/cards-wasm/pkg/`: the module, its JavaScript glue, the TypeScript
//!   declarations, `package.json` and the README.
//! - `site` does the same, then writes `target/site/`: the `cards web` page's files, its
//!   `index.html` loading `local.js` first (which answers the page's API calls in a Web Worker,
//!   `worker.js`, running the API in WebAssembly), the module and its glue. Any static file
//!   server serves the folder; every path in it is relative, so it works under a sub-path too.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The profile the module is built in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// `--release`: the module the site ships (1.6 MB, 0.47 MB gzip-compressed; about 65 s of
    /// CPU to build from nothing).
    Release,
    /// The dev profile: optimised at opt-level 2 in this workspace, with debug assertions and
    /// overflow checks (10 MB before wasm-bindgen; no quicker to build than `--release`).
    Dev,
}

/// The page's files, from `crates/cards-web/web/`.
const PAGE: [&str; 8] = [
    "index.html",
    "app.js",
    "daifugo.js",
    "doudizhu.js",
    "kabu.js",
    "replay.js",
    "puzzle.js",
    "style.css",
];

/// The site's own files, from `crates/cards-wasm/site/`.
const SITE: [&str; 2] = ["local.js", "worker.js"];

/// What the page needs from the package.
const MODULE: [&str; 2] = ["cards_wasm.js", "cards_wasm_bg.wasm"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let shown = format!("{cmd:?}");
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed ({status})"))
    }
}

/// The `wasm-bindgen` version `Cargo.lock` pins (the CLI must be the same).
fn locked_version(root: &Path) -> Result<String, String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\""
            && let Some(v) = lines
                .next()
                .and_then(|l| l.strip_prefix("version = \""))
                .and_then(|l| l.strip_suffix('"'))
        {
            return Ok(v.to_string());
        }
    }
    Err("Cargo.lock has no wasm-bindgen".into())
}

/// Builds the module and the npm package folder; returns the folder.
///
/// # Errors
///
/// A failed build, a missing or mismatched `wasm-bindgen` CLI, a file that cannot be written.
pub fn wasm(profile: Profile) -> Result<PathBuf, String> {
    let root = root();
    let target = target_dir(&root);
    let wanted = locked_version(&root)?;
    let bindgen = std::env::var_os("WASM_BINDGEN").unwrap_or_else(|| "wasm-bindgen".into());
    let out = Command::new(&bindgen)
        .arg("--version")
        .output()
        .map_err(|e| {
            format!(
                "cannot run {}: {e}\ninstall it with: cargo install --locked wasm-bindgen-cli --version {wanted}",
                bindgen.to_string_lossy()
            )
        })?;
    let have = String::from_utf8_lossy(&out.stdout);
    if have.split_whitespace().nth(1) != Some(wanted.as_str()) {
        return Err(format!(
            "{} is \"{}\", Cargo.lock has wasm-bindgen {wanted}: install the same with\n  cargo install --locked wasm-bindgen-cli --version {wanted}",
            bindgen.to_string_lossy(),
            have.trim()
        ));
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = Command::new(cargo);
    build.current_dir(&root).args([
        "build",
        "--locked",
        "-p",
        "cards-wasm",
        "--target",
        "wasm32-unknown-unknown",
    ]);
    let dir = match profile {
        Profile::Release => {
            build.arg("--release");
            "release"
        }
        Profile::Dev => "debug",
    };
    run(&mut build)?;
    let module = target
        .join("wasm32-unknown-unknown")
        .join(dir)
        .join("cards_wasm.wasm");
    let pkg = target.join("cards-wasm").join("pkg");
    // a clean folder: nothing of an earlier build's is left to publish
    if pkg.exists() {
        std::fs::remove_dir_all(&pkg)
            .map_err(|e| format!("cannot clear {}: {e}", pkg.display()))?;
    }
    run(Command::new(&bindgen)
        .args([
            "--target",
            "web",
            "--remove-name-section",
            "--remove-producers-section",
            "--out-dir",
        ])
        .arg(&pkg)
        .arg(&module))?;
    let npm = root.join("crates").join("cards-wasm").join("npm");
    for name in ["package.json", "README.md"] {
        copy(&npm.join(name), &pkg.join(name))?;
    }
    let manifest = std::fs::read_to_string(pkg.join("package.json")).unwrap_or_default();
    let version = format!("\"version\": \"{}\"", env!("CARGO_PKG_VERSION"));
    if !manifest.contains(&version) {
        return Err(format!(
            "crates/cards-wasm/npm/package.json must say {version} (the workspace's version)"
        ));
    }
    Ok(pkg)
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

/// The site's `index.html`: the page's, with relative paths and `local.js` loaded before
/// `app.js` (module scripts run in document order).
///
/// # Errors
///
/// A page whose `index.html` no longer loads `/app.js` and `/style.css` as expected.
pub fn site_index(page: &str) -> Result<String, String> {
    const SCRIPT: &str = r#"<script type="module" src="/app.js"></script>"#;
    const STYLE: &str = r#"<link rel="stylesheet" href="/style.css">"#;
    if !page.contains(SCRIPT) || !page.contains(STYLE) {
        return Err(format!(
            "crates/cards-web/web/index.html must contain {SCRIPT} and {STYLE}"
        ));
    }
    Ok(page
        .replace(STYLE, r#"<link rel="stylesheet" href="style.css">"#)
        .replace(
            SCRIPT,
            "<!-- no server: the API answers in WebAssembly in a Web Worker (local.js, worker.js) -->\n  \
             <script type=\"module\" src=\"local.js\"></script>\n  \
             <script type=\"module\" src=\"app.js\"></script>",
        ))
}

/// Builds the package, then writes the site; returns its folder and the files with their sizes.
///
/// # Errors
///
/// As [`wasm`], or a page file that cannot be read or written.
pub fn site(profile: Profile) -> Result<(PathBuf, Vec<(String, u64)>), String> {
    let pkg = wasm(profile)?;
    let root = root();
    let out = target_dir(&root).join("site");
    if out.exists() {
        std::fs::remove_dir_all(&out)
            .map_err(|e| format!("cannot clear {}: {e}", out.display()))?;
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let web = root.join("crates").join("cards-web").join("web");
    let own = root.join("crates").join("cards-wasm").join("site");
    for name in PAGE {
        if name == "index.html" {
            let page = std::fs::read_to_string(web.join(name))
                .map_err(|e| format!("cannot read the page's index.html: {e}"))?;
            std::fs::write(out.join(name), site_index(&page)?)
                .map_err(|e| format!("cannot write index.html: {e}"))?;
        } else {
            copy(&web.join(name), &out.join(name))?;
        }
    }
    for name in SITE {
        copy(&own.join(name), &out.join(name))?;
    }
    for name in MODULE {
        copy(&pkg.join(name), &out.join(name))?;
    }
    let mut files: Vec<(String, u64)> = PAGE
        .iter()
        .chain(&SITE)
        .chain(&MODULE)
        .map(|n| {
            let size = std::fs::metadata(out.join(n)).map_or(0, |m| m.len());
            ((*n).to_string(), size)
        })
        .collect();
    files.sort();
    Ok((out, files))
}

#[cfg(test)]
mod tests {
    use super::site_index;

    #[test]
    fn the_site_index_loads_local_js_before_app_js_with_relative_paths() {
        let page = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../crates/cards-web/web/index.html"
        ))
        .unwrap();
        let site = site_index(&page).unwrap();
        let local = site.find(r#"src="local.js""#).unwrap();
        let app = site.find(r#"src="app.js""#).unwrap();
        assert!(local < app);
        assert!(site.contains(r#"href="style.css""#));
        assert!(!site.contains("\"/"), "an absolute path is left: {site}");
        assert!(site_index("<html></html>").is_err());
    }
}
