//! `ambush check`: scenario files and mod folders (manifest, merged tables, every scenario), each problem at its file, line and column.

use super::{CliError, load_scenario, plain};
use ambush_data::mods;
use std::path::{Path, PathBuf};

/// Checks every path; any problem (each printed as it is found) is a problem found.
pub fn check(paths: &[PathBuf]) -> Result<(), CliError> {
    let bad: usize = paths.iter().map(|p| check_one(p)).sum();
    if bad == 0 {
        Ok(())
    } else {
        Err(CliError::Found)
    }
}

/// Checks a scenario file, a mod folder or a folder of mods; prints each verdict and returns
/// how many problems it found.
fn check_one(path: &Path) -> usize {
    if !path.is_dir() {
        return match load_scenario(path) {
            Ok((s, _)) => {
                println!(
                    "{}: ok ({})",
                    plain(&path.display().to_string()),
                    plain(&s.name)
                );
                0
            }
            Err(e) => {
                eprintln!("{}", plain(&e.to_string()));
                1
            }
        };
    }
    let listings = mods::find_mods(&[path.to_path_buf()]);
    if listings.is_empty() {
        eprintln!(
            "{}: not a mod folder (no {}) and holds no mod folders",
            path.display(),
            mods::MANIFEST
        );
        return 1;
    }
    let mut bad = 0;
    for listing in listings {
        match listing.loaded {
            Ok(m) => {
                println!(
                    "{}: ok (mod \"{}\" {}, tables merged, {} scenarios)",
                    plain(&listing.dir.display().to_string()),
                    plain(&m.manifest.name),
                    plain(&m.manifest.version),
                    m.scenarios.len()
                );
                for s in &m.scenarios {
                    match &s.scenario {
                        Ok(sc) => println!(
                            "{}: ok ({})",
                            plain(&s.file.display().to_string()),
                            plain(&sc.name)
                        ),
                        Err(e) => {
                            eprintln!("{}", plain(&e.to_string()));
                            bad += 1;
                        }
                    }
                }
            }
            Err(e) => {
                eprintln!("{}", plain(&e.to_string()));
                bad += 1;
            }
        }
    }
    bad
}
