//! Frame cost measured in the window: time per frame and peak memory, for the game and for an empty Bevy + egui app beside it (`ambush frames`).

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};
use std::time::Instant;

/// The window both measured apps open: the game's size, no vsync, so a frame costs what it costs.
pub fn measured_window() -> Window {
    Window {
        title: "Ambush".into(),
        resolution: WindowResolution::new(1440, 900),
        present_mode: PresentMode::AutoNoVsync,
        ..default()
    }
}

/// Counts frames: `warmup` are let pass (loading, the first layouts), then `frames` are timed.
#[derive(Resource, Debug, Clone)]
pub struct FrameMeter {
    pub label: String,
    pub warmup: u32,
    pub frames: u32,
    seen: u32,
    last: Option<Instant>,
    samples: Vec<f64>,
}

impl FrameMeter {
    pub fn new(label: &str, warmup: u32, frames: u32) -> FrameMeter {
        FrameMeter {
            label: label.into(),
            warmup,
            frames: frames.max(1),
            seen: 0,
            last: None,
            samples: Vec::new(),
        }
    }
}

/// What a measurement found, printed as one JSON line.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FrameReport {
    pub label: String,
    pub frames: usize,
    pub median_ms: f64,
    pub p95_ms: f64,
    pub mean_ms: f64,
    /// The process's peak resident memory, MiB (Linux's VmHWM).
    pub peak_rss_mib: Option<f64>,
}

/// The middle and the 95th percentile of frame times, milliseconds.
pub fn summarise(label: &str, samples: &[f64]) -> FrameReport {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| {
        sorted
            .get(((sorted.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    FrameReport {
        label: label.into(),
        frames: sorted.len(),
        median_ms: at(0.5),
        p95_ms: at(0.95),
        mean_ms: sorted.iter().sum::<f64>() / sorted.len().max(1) as f64,
        peak_rss_mib: peak_rss_mib(),
    }
}

/// Linux's peak resident set of this process, MiB; `None` elsewhere.
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// Times each frame from the end of the last one, and exits with the report once done.
fn meter_frames(mut meter: ResMut<FrameMeter>, mut exit: MessageWriter<AppExit>) {
    let now = Instant::now();
    meter.seen += 1;
    if meter.seen > meter.warmup
        && let Some(last) = meter.last
    {
        let ms = (now - last).as_secs_f64() * 1000.0;
        meter.samples.push(ms);
    }
    meter.last = Some(now);
    if meter.samples.len() as u32 >= meter.frames {
        let report = summarise(&meter.label, &meter.samples);
        println!(
            "{}",
            serde_json::to_string(&report).unwrap_or_else(|e| e.to_string())
        );
        exit.write(AppExit::Success);
    }
}

/// Adds the meter to an app.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, meter_frames);
}

/// A sprite of the baseline app.
#[derive(Component)]
struct Drifting(Vec2);

/// The baseline: an empty Bevy + egui app with the game's window and renderer, 300 sprites and
/// an egui panel of text, measured as the game is. `busy` moves the sprites every frame;
/// `no_msaa` turns off Bevy's default 4x multisampling, as the game's table camera does.
pub fn run_baseline(warmup: u32, frames: u32, busy: bool, no_msaa: bool) -> AppExit {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(measured_window()),
        ..default()
    }));
    app.add_plugins(EguiPlugin::default());
    let label = match (busy, no_msaa) {
        (false, false) => "baseline idle",
        (true, false) => "baseline busy",
        (false, true) => "baseline idle, no MSAA",
        (true, true) => "baseline busy, no MSAA",
    };
    app.insert_resource(FrameMeter::new(label, warmup, frames));
    app.add_plugins(plugin);
    app.add_systems(Startup, move |mut commands: Commands| {
        if no_msaa {
            commands.spawn((Camera2d, Msaa::Off));
        } else {
            commands.spawn(Camera2d);
        }
        for i in 0..300 {
            let (x, y) = (
                (i % 20) as f32 * 40.0 - 400.0,
                (i / 20) as f32 * 40.0 - 300.0,
            );
            commands.spawn((
                Sprite::from_color(Color::srgb(0.2, 0.4, 0.8), Vec2::splat(24.0)),
                Transform::from_xyz(x, y, 0.0),
                Drifting(Vec2::new((i % 7) as f32 - 3.0, (i % 5) as f32 - 2.0)),
            ));
        }
    });
    if busy {
        app.add_systems(
            Update,
            |time: Res<Time>, mut sprites: Query<(&Drifting, &mut Transform)>| {
                let t = time.elapsed_secs();
                for (d, mut tf) in &mut sprites {
                    tf.translation.x += d.0.x * t.sin();
                    tf.translation.y += d.0.y * t.cos();
                }
            },
        );
    }
    app.add_systems(
        EguiPrimaryContextPass,
        |mut contexts: EguiContexts, time: Res<Time>| -> Result {
            let ctx = contexts.ctx_mut()?;
            // A root Ui over the window, as the game's overlay makes one.
            let mut root = crate::ui::window_ui(ctx, "baseline");
            egui::Panel::right("baseline").show(&mut root, |ui| {
                ui.heading("Baseline");
                for i in 0..20 {
                    ui.label(format!("line {i}: {:.1}", time.elapsed_secs()));
                }
            });
            Ok(())
        },
    );
    app.run()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_takes_the_middle_and_the_95th_percentile() {
        let samples: Vec<f64> = (1..=100).map(f64::from).collect();
        let r = summarise("x", &samples);
        assert_eq!(r.frames, 100);
        assert_eq!(r.median_ms, 51.0);
        assert_eq!(r.p95_ms, 95.0);
        assert!((r.mean_ms - 50.5).abs() < 1e-9);
    }
}
