//! The release rules of issue 26, read from the manifests and READMEs as
//! committed: one exact version between the library and its macros, every
//! other member unpublished, every feature listed in both install tables,
//! and each published package carrying the repository's license texts.
//! (`cargo package` itself runs in `.ci/run`.)

use std::path::Path;

const WORKSPACE: &str = include_str!("../Cargo.toml");
const CORE: &str = include_str!("../tensor-core/Cargo.toml");
const MACROS: &str = include_str!("../tensor-macros/Cargo.toml");
const README: &str = include_str!("../README.md");
const CORE_README: &str = include_str!("../tensor-core/README.md");

/// The folders of the published packages, and their package names.
const PUBLISHED: [(&str, &str); 2] = [
    ("tensor-core", "tensor-core"),
    ("tensor-macros", "tensor-core-macros"),
];

/// The lines of `[table]` in a manifest, up to the next table header.
fn table<'a>(manifest: &'a str, name: &str) -> Vec<&'a str> {
    let header = format!("[{name}]");
    manifest
        .lines()
        .skip_while(|l| l.trim() != header)
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('['))
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// The value of `key = "value"` in the lines of a table.
fn string_value<'a>(lines: &[&'a str], key: &str) -> Option<&'a str> {
    lines.iter().find_map(|l| {
        let rest = l.strip_prefix(key)?.trim_start().strip_prefix('=')?;
        rest.trim().strip_prefix('"')?.strip_suffix('"')
    })
}

/// `[workspace] members = [...]`, one line.
fn members() -> Vec<&'static str> {
    let line = table(WORKSPACE, "workspace")
        .into_iter()
        .find(|l| l.starts_with("members"))
        .expect("[workspace] has a one-line members list");
    let list = &line[line.find('[').unwrap() + 1..line.rfind(']').unwrap()];
    list.split(',')
        .map(|m| m.trim().trim_matches('"'))
        .collect()
}

#[test]
fn the_macros_dependency_is_the_workspace_version_exactly() {
    let version = string_value(&table(WORKSPACE, "workspace.package"), "version")
        .expect("workspace.package.version");
    let macros_name = string_value(&table(MACROS, "package"), "name").unwrap();
    assert_eq!(macros_name, "tensor-core-macros");
    let dep = table(WORKSPACE, "workspace.dependencies")
        .into_iter()
        .find(|l| l.starts_with(&format!("{macros_name} ")))
        .expect("the macros crate in [workspace.dependencies]");
    assert!(
        dep.contains(&format!("version = \"={version}\"")) && dep.contains("path = "),
        "the macros crate must be required at exactly ={version}, by path too: {dep}"
    );
    assert!(
        table(CORE, "dependencies").contains(&"tensor-core-macros.workspace = true"),
        "tensor-core takes the macros crate from [workspace.dependencies]"
    );
}

#[test]
fn every_unpublished_member_says_so() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let members = members();
    assert_eq!(members.len(), 7, "members: {members:?}");
    for member in members {
        let manifest = std::fs::read_to_string(root.join(member).join("Cargo.toml")).unwrap();
        let package = table(&manifest, "package");
        let published = PUBLISHED.iter().any(|&(dir, _)| dir == member);
        assert_eq!(
            !package.contains(&"publish = false"),
            published,
            "{member}: only {PUBLISHED:?} may be published"
        );
    }
}

#[test]
fn both_install_tables_list_every_feature() {
    let features: Vec<&str> = table(CORE, "features")
        .into_iter()
        .map(|l| l.split('=').next().unwrap().trim())
        .filter(|&f| f != "default")
        .collect();
    assert_eq!(features.len(), 10, "features: {features:?}");
    for (name, readme) in [
        ("README.md", README),
        ("tensor-core/README.md", CORE_README),
    ] {
        let install = &readme[readme.find("## Install").expect("an Install section")..];
        let install = &install[..install[3..].find("\n## ").map_or(install.len(), |i| i + 3)];
        assert!(install.contains("cargo add tensor-core"), "{name}");
        for feature in &features {
            assert!(
                install.contains(&format!("| `{feature}` |")),
                "{name}: the Install table lacks feature `{feature}`"
            );
        }
    }
}

#[test]
fn published_packages_carry_the_license_texts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for file in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        assert!(text.len() > 1000, "{file} holds the license text");
        for (dir, _) in PUBLISHED {
            let copy = std::fs::read_to_string(root.join(dir).join(file))
                .unwrap_or_else(|e| panic!("{dir}/{file}: {e}"));
            assert_eq!(copy, text, "{dir}/{file} differs from the root's");
            let manifest = std::fs::read_to_string(root.join(dir).join("Cargo.toml")).unwrap();
            let include = table(&manifest, "package")
                .into_iter()
                .find(|l| l.starts_with("include"))
                .unwrap_or_else(|| panic!("{dir}: an include list"));
            assert!(
                include.contains(&format!("\"/{file}\"")),
                "{dir}: {include}"
            );
        }
    }
    let mit = std::fs::read_to_string(root.join("LICENSE-MIT")).unwrap();
    assert!(mit.contains("Copyright (c) 2026 the tensor-core developers"));
}
