//! Loads the rule tables and the scenario files through a bevy_asset_loader loading state.

use crate::screen::Screen;
use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;

/// A RON file as text: parsed later by the same validator as the command line, so a mistake is
/// reported with its file, line and field rather than failing the load.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct RonText {
    pub text: String,
}

#[derive(Default, TypePath)]
struct RonTextLoader;

impl AssetLoader for RonTextLoader {
    type Asset = RonText;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<Self::Asset, Self::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(RonText {
            text: String::from_utf8_lossy(&bytes).into_owned(),
        })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// The files a game is made of, keyed by their asset paths.
#[derive(AssetCollection, Resource, Debug)]
pub struct GameFiles {
    #[asset(path = "rules", collection(typed, mapped))]
    pub rules: HashMap<String, Handle<RonText>>,
    #[asset(path = "scenarios://", collection(typed, mapped))]
    pub scenarios: HashMap<String, Handle<RonText>>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<RonText>()
        .register_asset_loader(RonTextLoader);
    app.add_loading_state(
        LoadingState::new(Screen::Loading)
            .continue_to_state(Screen::Menu)
            .on_failure_continue_to_state(Screen::Menu)
            .load_collection::<GameFiles>(),
    );
}
