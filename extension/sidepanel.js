// Loads the UI module and mounts the side panel (all logic is in crates/ui).
import init, { start_sidepanel } from './ui/bc_ui.js';
await init();
start_sidepanel();
