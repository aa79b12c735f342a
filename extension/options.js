// Loads the UI module and mounts the options page (all logic is in crates/ui).
import init, { start_options } from './ui/bc_ui.js';
await init();
start_options();
