import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

const server = 'http://127.0.0.1:9991';
const proxied = ['/json', '/api', '/user_uploads', '/static'];

export default defineConfig({
  base: '/',
  plugins: [preact()],
  build: { outDir: 'dist', assetsDir: 'assets', target: 'es2022', sourcemap: false },
  server: { proxy: Object.fromEntries(proxied.map((path) => [path, { target: process.env.CHAT_SERVER ?? server, changeOrigin: false }])) },
});
