import type { TestModePage } from '@excursio/contract/payments';
import { useParams } from 'react-router';
import { useGetTestModePageQuery } from './api.ts';

export type HostedPageState =
  | { state: 'loading' }
  /** Unknown, expired, used, or a page of another kind: the link is no good. */
  | { state: 'invalid' }
  /** The server could not be reached or failed. */
  | { state: 'failed' }
  | { state: 'ready'; token: string; page: TestModePage; refetch: () => void };

/** The page the URL's token opens, if it is one of `kind`. */
export const useHostedPage = (kind: TestModePage['kind']): HostedPageState => {
  const token = useParams().token ?? '';
  const { data, error, isFetching, refetch } = useGetTestModePageQuery(token, { skip: !token });
  if (!token) return { state: 'invalid' };
  if (data && data.kind === kind) return { state: 'ready', token, page: data, refetch };
  if (data) return { state: 'invalid' };
  if (error) {
    const status = 'status' in error ? error.status : null;
    return typeof status === 'number' && status >= 400 && status < 500 ? { state: 'invalid' } : { state: 'failed' };
  }
  return isFetching || !data ? { state: 'loading' } : { state: 'invalid' };
};
