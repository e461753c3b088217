import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/seed';
import { buildApp } from './app';
import { openStorage } from './storage';

const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'dars.sqlite'),
});
await migrateToLatest(database.db);
const storage = openStorage(config.storage, config.dataDir);
if (config.seed === 'demo') await seedDemoIfEmpty(database.db, storage);

const app = await buildApp({ db: database.db, dialect: database.dialect, config, storage });

const close = async (signal: string) => {
  app.log.info(`${signal}: closing`);
  await app.close();
  await database.destroy();
  storage.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(`دَرس يعمل على http://${shown}:${config.port} (${database.dialect})`);
