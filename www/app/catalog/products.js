// The Acme Cloud Store catalog: 60 products used by the catalog, cart and
// checkout pages (prices in US dollars, ratings out of 5).

export const PRODUCTS = [
  { id: 'p01', slug: 'aurora-desk-lamp', name: "Aurora Desk Lamp", price: 49.00, rating: 4.6, category: 'Home office', color: '#6366f1' },
  { id: 'p02', slug: 'nimbus-wireless-mouse', name: "Nimbus Wireless Mouse", price: 29.99, rating: 4.4, category: 'Home office', color: '#6366f1' },
  { id: 'p03', slug: 'stratus-mechanical-keyboard', name: "Stratus Mechanical Keyboard", price: 119.00, rating: 4.7, category: 'Home office', color: '#6366f1' },
  { id: 'p04', slug: 'cirrus-noise-cancelling-headphones', name: "Cirrus Noise-Cancelling Headphones", price: 199.00, rating: 4.5, category: 'Audio', color: '#0ea5e9' },
  { id: 'p05', slug: 'cumulus-bluetooth-speaker', name: "Cumulus Bluetooth Speaker", price: 79.00, rating: 4.3, category: 'Audio', color: '#0ea5e9' },
  { id: 'p06', slug: 'horizon-27-inch-monitor', name: "Horizon 27-inch Monitor", price: 329.00, rating: 4.6, category: 'Home office', color: '#6366f1' },
  { id: 'p07', slug: 'summit-standing-desk', name: "Summit Standing Desk", price: 549.00, rating: 4.8, category: 'Furniture', color: '#a16207' },
  { id: 'p08', slug: 'harbor-ergonomic-chair', name: "Harbor Ergonomic Chair", price: 389.00, rating: 4.5, category: 'Furniture', color: '#a16207' },
  { id: 'p09', slug: 'atlas-laptop-stand', name: "Atlas Laptop Stand", price: 39.00, rating: 4.2, category: 'Home office', color: '#6366f1' },
  { id: 'p10', slug: 'pioneer-usb-c-hub', name: "Pioneer USB-C Hub", price: 59.00, rating: 4.1, category: 'Electronics', color: '#0f766e' },
  { id: 'p11', slug: 'beacon-1080p-webcam', name: "Beacon 1080p Webcam", price: 69.00, rating: 4.0, category: 'Electronics', color: '#0f766e' },
  { id: 'p12', slug: 'echo-studio-microphone', name: "Echo Studio Microphone", price: 149.00, rating: 4.6, category: 'Audio', color: '#0ea5e9' },
  { id: 'p13', slug: 'drift-travel-backpack', name: "Drift Travel Backpack", price: 89.00, rating: 4.7, category: 'Travel', color: '#be185d' },
  { id: 'p14', slug: 'trail-water-bottle', name: "Trail Water Bottle", price: 24.00, rating: 4.4, category: 'Outdoor', color: '#15803d' },
  { id: 'p15', slug: 'canyon-hiking-boots', name: "Canyon Hiking Boots", price: 159.00, rating: 4.5, category: 'Outdoor', color: '#15803d' },
  { id: 'p16', slug: 'glacier-insulated-jacket', name: "Glacier Insulated Jacket", price: 229.00, rating: 4.6, category: 'Outdoor', color: '#15803d' },
  { id: 'p17', slug: 'meadow-picnic-blanket', name: "Meadow Picnic Blanket", price: 45.00, rating: 4.3, category: 'Outdoor', color: '#15803d' },
  { id: 'p18', slug: 'ember-camping-stove', name: "Ember Camping Stove", price: 99.00, rating: 4.4, category: 'Outdoor', color: '#15803d' },
  { id: 'p19', slug: 'lumen-headlamp', name: "Lumen Headlamp", price: 34.00, rating: 4.2, category: 'Outdoor', color: '#15803d' },
  { id: 'p20', slug: 'voyager-carry-on-suitcase', name: "Voyager Carry-on Suitcase", price: 249.00, rating: 4.6, category: 'Travel', color: '#be185d' },
  { id: 'p21', slug: 'brew-pour-over-coffee-set', name: "Brew Pour-Over Coffee Set", price: 54.00, rating: 4.7, category: 'Kitchen', color: '#c2410c' },
  { id: 'p22', slug: 'crema-espresso-machine', name: "Crema Espresso Machine", price: 499.00, rating: 4.5, category: 'Kitchen', color: '#c2410c' },
  { id: 'p23', slug: 'pilot-gooseneck-kettle', name: "Pilot Gooseneck Kettle", price: 79.00, rating: 4.6, category: 'Kitchen', color: '#c2410c' },
  { id: 'p24', slug: 'oak-cutting-board', name: "Oak Cutting Board", price: 39.00, rating: 4.8, category: 'Kitchen', color: '#c2410c' },
  { id: 'p25', slug: 'forge-chef-s-knife', name: "Forge Chef's Knife", price: 129.00, rating: 4.7, category: 'Kitchen', color: '#c2410c' },
  { id: 'p26', slug: 'hearth-cast-iron-skillet', name: "Hearth Cast Iron Skillet", price: 59.00, rating: 4.8, category: 'Kitchen', color: '#c2410c' },
  { id: 'p27', slug: 'mist-ultrasonic-humidifier', name: "Mist Ultrasonic Humidifier", price: 69.00, rating: 4.1, category: 'Home', color: '#7c3aed' },
  { id: 'p28', slug: 'breeze-tower-fan', name: "Breeze Tower Fan", price: 89.00, rating: 4.0, category: 'Home', color: '#7c3aed' },
  { id: 'p29', slug: 'haven-air-purifier', name: "Haven Air Purifier", price: 199.00, rating: 4.5, category: 'Home', color: '#7c3aed' },
  { id: 'p30', slug: 'cozy-wool-throw', name: "Cozy Wool Throw", price: 79.00, rating: 4.6, category: 'Home', color: '#7c3aed' },
  { id: 'p31', slug: 'linen-duvet-cover', name: "Linen Duvet Cover", price: 119.00, rating: 4.4, category: 'Home', color: '#7c3aed' },
  { id: 'p32', slug: 'dusk-smart-bulb-two-pack', name: "Dusk Smart Bulb Two-Pack", price: 29.00, rating: 4.2, category: 'Electronics', color: '#0f766e' },
  { id: 'p33', slug: 'pulse-fitness-tracker', name: "Pulse Fitness Tracker", price: 99.00, rating: 4.1, category: 'Fitness', color: '#dc2626' },
  { id: 'p34', slug: 'tempo-smartwatch', name: "Tempo Smartwatch", price: 249.00, rating: 4.3, category: 'Fitness', color: '#dc2626' },
  { id: 'p35', slug: 'stride-running-shoes', name: "Stride Running Shoes", price: 139.00, rating: 4.6, category: 'Fitness', color: '#dc2626' },
  { id: 'p36', slug: 'flow-yoga-mat', name: "Flow Yoga Mat", price: 49.00, rating: 4.7, category: 'Fitness', color: '#dc2626' },
  { id: 'p37', slug: 'core-resistance-bands', name: "Core Resistance Bands", price: 25.00, rating: 4.4, category: 'Fitness', color: '#dc2626' },
  { id: 'p38', slug: 'peak-adjustable-dumbbells', name: "Peak Adjustable Dumbbells", price: 299.00, rating: 4.6, category: 'Fitness', color: '#dc2626' },
  { id: 'p39', slug: 'page-e-reader', name: "Page E-Reader", price: 139.00, rating: 4.7, category: 'Electronics', color: '#0f766e' },
  { id: 'p40', slug: 'folio-tablet-case', name: "Folio Tablet Case", price: 35.00, rating: 4.2, category: 'Electronics', color: '#0f766e' },
  { id: 'p41', slug: 'quill-stylus-pen', name: "Quill Stylus Pen", price: 89.00, rating: 4.3, category: 'Electronics', color: '#0f766e' },
  { id: 'p42', slug: 'sketch-notebook-set', name: "Sketch Notebook Set", price: 19.00, rating: 4.5, category: 'Stationery', color: '#475569' },
  { id: 'p43', slug: 'inkwell-fountain-pen', name: "Inkwell Fountain Pen", price: 65.00, rating: 4.6, category: 'Stationery', color: '#475569' },
  { id: 'p44', slug: 'orbit-wireless-charger', name: "Orbit Wireless Charger", price: 39.00, rating: 4.0, category: 'Electronics', color: '#0f766e' },
  { id: 'p45', slug: 'volt-power-bank-20000-mah', name: "Volt Power Bank 20000 mAh", price: 49.00, rating: 4.5, category: 'Electronics', color: '#0f766e' },
  { id: 'p46', slug: 'relay-mesh-wi-fi-router', name: "Relay Mesh Wi-Fi Router", price: 279.00, rating: 4.4, category: 'Electronics', color: '#0f766e' },
  { id: 'p47', slug: 'vault-external-ssd-1-tb', name: "Vault External SSD 1 TB", price: 119.00, rating: 4.7, category: 'Electronics', color: '#0f766e' },
  { id: 'p48', slug: 'signal-smart-doorbell', name: "Signal Smart Doorbell", price: 179.00, rating: 4.1, category: 'Smart home', color: '#0369a1' },
  { id: 'p49', slug: 'sentinel-security-camera', name: "Sentinel Security Camera", price: 129.00, rating: 4.2, category: 'Smart home', color: '#0369a1' },
  { id: 'p50', slug: 'thermo-smart-thermostat', name: "Thermo Smart Thermostat", price: 199.00, rating: 4.5, category: 'Smart home', color: '#0369a1' },
  { id: 'p51', slug: 'garden-herb-planter', name: "Garden Herb Planter", price: 59.00, rating: 4.3, category: 'Home', color: '#7c3aed' },
  { id: 'p52', slug: 'bloom-ceramic-vase', name: "Bloom Ceramic Vase", price: 42.00, rating: 4.6, category: 'Home', color: '#7c3aed' },
  { id: 'p53', slug: 'frame-wall-clock', name: "Frame Wall Clock", price: 55.00, rating: 4.4, category: 'Home', color: '#7c3aed' },
  { id: 'p54', slug: 'shelf-floating-bookshelf', name: "Shelf Floating Bookshelf", price: 75.00, rating: 4.3, category: 'Furniture', color: '#a16207' },
  { id: 'p55', slug: 'nest-storage-baskets', name: "Nest Storage Baskets", price: 48.00, rating: 4.5, category: 'Home', color: '#7c3aed' },
  { id: 'p56', slug: 'terra-large-plant-pot', name: "Terra Large Plant Pot", price: 38.00, rating: 4.4, category: 'Home', color: '#7c3aed' },
  { id: 'p57', slug: 'aurora-floor-lamp', name: "Aurora Floor Lamp", price: 129.00, rating: 4.5, category: 'Furniture', color: '#a16207' },
  { id: 'p58', slug: 'nimbus-wireless-keyboard', name: "Nimbus Wireless Keyboard", price: 69.00, rating: 4.3, category: 'Home office', color: '#6366f1' },
  { id: 'p59', slug: 'drift-sling-bag', name: "Drift Sling Bag", price: 49.00, rating: 4.4, category: 'Travel', color: '#be185d' },
  { id: 'p60', slug: 'harbor-footrest', name: "Harbor Footrest", price: 45.00, rating: 4.1, category: 'Furniture', color: '#a16207' },
];

export function productById(id) {
  return PRODUCTS.find((p) => p.id === id) || null;
}

export const FREE_SHIPPING_FROM = 100;
export const SHIPPING = 9.9;

/** Subtotal, shipping and total of cart lines [{ id, qty }]. */
export function totals(lines) {
  const subtotal = lines.reduce((sum, l) => sum + (productById(l.id)?.price || 0) * l.qty, 0);
  const shipping = subtotal === 0 || subtotal >= FREE_SHIPPING_FROM ? 0 : SHIPPING;
  return { subtotal, shipping, total: subtotal + shipping };
}
