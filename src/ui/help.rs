//! The help window (F1): every action of the table or the editor with its bindings, and where the bindings file lives.

use crate::input::{Bindings, BindingsSource, PlayerAction};
use bevy_egui::egui;

/// Where the help is asked for: the actions listed are those that work there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpFor {
    Table,
    Editor,
}

pub fn show(
    ctx: &egui::Context,
    open: &mut bool,
    bindings: &Bindings,
    source: &BindingsSource,
    place: HelpFor,
) -> Option<egui::Rect> {
    egui::Window::new("Help: controls")
        .open(open)
        .default_width(520.0)
        .show(ctx, |ui| {
            if let Some(p) = &source.problem {
                ui.colored_label(egui::Color32::from_rgb(255, 110, 90), p);
                ui.separator();
            }
            egui::Grid::new("bindings").striped(true).show(ui, |ui| {
                let listed = PlayerAction::ALL.into_iter().filter(|a| match place {
                    HelpFor::Table => a.on_the_table(),
                    HelpFor::Editor => a.in_the_editor(),
                });
                for a in listed {
                    ui.strong(format!("{a:?}"));
                    ui.label(bindings.labels(a));
                    ui.label(match place {
                        HelpFor::Table => a.describe(),
                        HelpFor::Editor => a.describe_in_the_editor(),
                    });
                    ui.end_row();
                }
            });
            ui.separator();
            match &source.path {
                Some(p) => ui.label(format!(
                    "Change them in {} — a RON map such as {{ Commit: [Key(Enter)], Pass: [Key(KeyX)] }}; \
                     actions you leave out keep their defaults.",
                    p.display()
                )),
                None => ui.label("No config directory was found; the defaults are in use."),
            };
        })
        .map(|r| r.response.rect)
}
