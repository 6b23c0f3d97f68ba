/// forged's version: `text` is generated at every build by the ReleaseVersion
/// plugin (tools/version.sh): the release in packaging/changelog, plus `+gitN`
/// when built from a git checkout with its history. Kept in a module of its
/// own so a new commit recompiles one file and relinks.
package enum ForgeVersion {}
