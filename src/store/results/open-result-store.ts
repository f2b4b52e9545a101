/**
 * The result store the configuration names: an S3-compatible bucket when BV_RESULTS_S3_BUCKET
 * is set (several machines share it), otherwise the folder BV_DATA_DIR/results.
 */
import path from 'node:path';
import { ConfigError, type Config } from '../../config.js';
import { LocalResultStore } from './local-result-store.js';
import type { ResultStore } from './result-store.js';

export async function openResultStore(config: Pick<Config, 'dataDir' | 'resultsS3'>): Promise<ResultStore> {
  if (config.resultsS3 === undefined) return new LocalResultStore(path.join(config.dataDir, 'results'));
  // Loaded only when used: the AWS SDK is a large import a local-folder process does without.
  const { S3ResultStore } = await import('./s3-result-store.js');
  const store = S3ResultStore.fromConfig(config.resultsS3);
  try {
    await store.check();
  } catch (error) {
    await store.close();
    const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode === undefined ? '' : ` (HTTP ${e.$metadata.httpStatusCode})`;
    // One line, as a bad setting gets (ConfigError): the endpoint's origin only, never a user or password in it.
    const where = config.resultsS3.endpoint === undefined ? `AWS S3 in ${config.resultsS3.region}` : new URL(config.resultsS3.endpoint).origin;
    throw new ConfigError(
      `BV_RESULTS_S3_BUCKET: cannot reach bucket ${config.resultsS3.bucket} at ${where}: ${e.name ?? 'Error'}${status} ${e.message ?? ''}`.trim() +
        '; check BV_RESULTS_S3_ENDPOINT, that the bucket exists, and that the credentials (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the AWS default chain) may use it',
    );
  }
  return store;
}
