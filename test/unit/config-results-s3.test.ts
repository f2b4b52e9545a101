import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('configuration: result files on an S3-compatible store (docs/deployment.md "Result files on an S3-compatible store")', () => {
  const minio = { BV_RESULTS_S3_BUCKET: 'bv-results', BV_RESULTS_S3_ENDPOINT: 'http://10.0.0.5:9000' };

  it('keeps results under BV_DATA_DIR when no bucket is set', () => {
    expect(loadConfig({}).resultsS3).toBeUndefined();
  });

  it('reads a store of one\'s own: path style and us-east-1 unless told otherwise, keys and prefix as given', () => {
    const config = loadConfig({ ...minio, BV_RESULTS_S3_PREFIX: 'bv/production', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-example' });
    expect(config.resultsS3).toEqual({
      bucket: 'bv-results',
      endpoint: 'http://10.0.0.5:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'bv/production/',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' },
    });
    expect(loadConfig({ ...minio, BV_RESULTS_S3_FORCE_PATH_STYLE: 'false', BV_RESULTS_S3_REGION: 'ap-south-1' }).resultsS3).toMatchObject({ forcePathStyle: false, region: 'ap-south-1', prefix: '', credentials: undefined });
  });

  it('reads AWS S3 itself: host style, the region from BV_RESULTS_S3_REGION or AWS_REGION, credentials from the default chain', () => {
    expect(loadConfig({ BV_RESULTS_S3_BUCKET: 'bv-results', AWS_REGION: 'ap-south-1' }).resultsS3).toEqual({
      bucket: 'bv-results', endpoint: undefined, region: 'ap-south-1', forcePathStyle: false, prefix: '', credentials: undefined,
    });
    expect(() => loadConfig({ BV_RESULTS_S3_BUCKET: 'bv-results' })).toThrow(/BV_RESULTS_S3_REGION: required for AWS S3/);
  });

  it('refuses bad values and half settings, naming the variable and the rule', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ BV_RESULTS_S3_BUCKET: 'BV_Results' }, /BV_RESULTS_S3_BUCKET: must be a bucket name/],
      [{ ...minio, BV_RESULTS_S3_ENDPOINT: '10.0.0.5:9000' }, /BV_RESULTS_S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/],
      [{ ...minio, BV_RESULTS_S3_ENDPOINT: 'ftp://10.0.0.5' }, /BV_RESULTS_S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/],
      [{ ...minio, BV_RESULTS_S3_FORCE_PATH_STYLE: 'maybe' }, /BV_RESULTS_S3_FORCE_PATH_STYLE: must be true or false/],
      [{ ...minio, BV_RESULTS_S3_PREFIX: '/bv' }, /BV_RESULTS_S3_PREFIX: must be up to 200 letters/],
      [{ ...minio, BV_RESULTS_S3_PREFIX: 'bv/../other' }, /BV_RESULTS_S3_PREFIX: must be up to 200 letters/],
      [{ ...minio, AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' }, /AWS_SECRET_ACCESS_KEY: required with AWS_ACCESS_KEY_ID/],
      [{ ...minio, AWS_SECRET_ACCESS_KEY: 'secret-example' }, /AWS_ACCESS_KEY_ID: required with AWS_SECRET_ACCESS_KEY/],
      [{ BV_RESULTS_S3_ENDPOINT: 'http://10.0.0.5:9000' }, /BV_RESULTS_S3_ENDPOINT: only used with BV_RESULTS_S3_BUCKET/],
      [{ BV_RESULTS_S3_PREFIX: 'bv/' }, /BV_RESULTS_S3_PREFIX: only used with BV_RESULTS_S3_BUCKET/],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });

  it('never puts the secret key in an error', () => {
    expect(() => loadConfig({ ...minio, BV_RESULTS_S3_REGION: 'Bad Region', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-example' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret-example') as unknown }),
    );
  });
});
