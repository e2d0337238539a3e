//! `simulate --plot`: the casualty distributions of the variants as grouped bars in an SVG.

use crate::batch::report::{Compared, shares};
use plotters::prelude::*;

/// One variant's bars: its name in the legend and its casualty histogram (`histogram[k]` games
/// ended with k casualties).
#[derive(Debug, Clone, Copy)]
pub struct Bars<'a> {
    pub label: &'a str,
    pub histogram: &'a [u64],
}

/// Why the chart could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("drawing the chart: {0}")]
pub struct PlotError(String);

/// The bars' colours, one a variant, in turn (colour-blind-safe Okabe–Ito).
const COLOURS: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
];

/// The fill colour of variant `i`'s bars as the SVG writes it, e.g. `#0072B2`.
pub fn colour_of(i: usize) -> String {
    let RGBColor(r, g, b) = COLOURS[i % COLOURS.len()];
    format!("#{r:02X}{g:02X}{b:02X}")
}

/// Draws the share of games that ended with 0, 1, 2, … casualties, the variants' bars side by
/// side at each count, with a legend. `casualties` names the axis, e.g. "marine casualties".
pub fn casualty_chart(title: &str, casualties: &str, bars: &[Bars]) -> Result<String, PlotError> {
    let err = |e: &dyn std::fmt::Display| PlotError(e.to_string());
    let counts = bars
        .iter()
        .map(|b| b.histogram.len())
        .max()
        .unwrap_or(0)
        .max(1);
    let all_shares: Vec<Vec<f64>> = bars.iter().map(|b| shares(b.histogram)).collect();
    let top = all_shares
        .iter()
        .flatten()
        .fold(0.0f64, |a, &b| a.max(b * 100.0));
    // Room above the tallest bar for the legend.
    let top = (top * 1.2).max(10.0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 22))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(-0.5f64..counts as f64 - 0.5, 0.0f64..top)
            .map_err(|e| err(&e))?;
        let whole = |x: &f64| format!("{:.0}", x);
        let percent = |y: &f64| format!("{y:.0}%");
        chart
            .configure_mesh()
            .disable_x_mesh()
            // One faint line between the labelled ones, not four: the bars stay readable.
            .y_max_light_lines(1)
            // One label per casualty count: a step of 1 is the finest that fits.
            .x_labels(counts + 1)
            .x_label_formatter(&whole)
            .y_label_formatter(&percent)
            .x_desc(casualties)
            .y_desc("share of games")
            .label_style(("sans-serif", 15))
            .draw()
            .map_err(|e| err(&e))?;
        // Each count's group fills 80% of its slot, split evenly between the variants.
        let width = 0.8 / bars.len().max(1) as f64;
        for (i, (b, variant_shares)) in bars.iter().zip(&all_shares).enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            let left = -0.4 + i as f64 * width;
            chart
                .draw_series(
                    variant_shares
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| **s > 0.0)
                        .map(|(k, s)| {
                            let x = k as f64 + left;
                            Rectangle::new([(x, 0.0), (x + width, s * 100.0)], colour.filled())
                        }),
                )
                .map_err(|e| err(&e))?
                .label(b.label)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 6), (x + 14, y + 6)], colour.filled())
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font(("sans-serif", 15))
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .draw()
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(svg)
}

/// The chart of `simulate --plot`: the variants' casualty distributions side by side, titled
/// with the scenario(s) and the games. `human` is the human side's name for one, e.g. "marine".
pub fn chart(compared: &[Compared], human: &str) -> Result<String, PlotError> {
    let mut scenarios: Vec<&str> = compared
        .iter()
        .map(|c| c.summary.scenario.as_str())
        .collect();
    scenarios.dedup();
    let games = compared.first().map_or(0, |c| c.summary.games);
    let each = if compared.len() > 1 { " a variant" } else { "" };
    let title = format!(
        "{}: {human} casualties, {games} games{each}",
        scenarios.join(" / ")
    );
    let bars: Vec<Bars> = compared
        .iter()
        .map(|c| Bars {
            label: &c.variant,
            histogram: &c.summary.marine_casualties.histogram,
        })
        .collect();
    casualty_chart(&title, &format!("{human} casualties"), &bars)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_has_a_bar_for_each_count_of_each_variant_and_a_legend() {
        let svg = casualty_chart(
            "A test: marine casualties, 8 games",
            "marine casualties",
            &[
                Bars {
                    label: "degradation",
                    histogram: &[6, 2],
                },
                Bars {
                    label: "sudden-death",
                    histogram: &[2, 3, 3],
                },
            ],
        )
        .unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let filled = |i: usize| svg.matches(&format!("fill=\"{}\"", colour_of(i))).count();
        // The bars with games in them, and one legend swatch each.
        assert_eq!(filled(0), 2 + 1);
        assert_eq!(filled(1), 3 + 1);
        for text in [
            "A test: marine casualties, 8 games",
            "degradation",
            "sudden-death",
            "share of games",
        ] {
            assert!(svg.contains(text), "{text} missing");
        }
    }
}
