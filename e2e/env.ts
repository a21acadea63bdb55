// Where the browser tests' server runs and keeps its data.
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, `../.tmp/e2e-data-${E2E_PORT}`);
export const DEMO_EMAIL = 'demo@mixdesk.app';
export const DEMO_PASSWORD = 'Demo-Session-2026';
