import { z } from 'zod';
import { PERIODS } from '../../services/analytics.js';

const Day = z.iso.date();

export const AnalyticsQuery = z.object({
  period: z.enum(PERIODS, { error: () => `must be one of ${PERIODS.join(', ')}` }).default('30d'),
});

export const OrgAnalytics = z
  .object({
    org_id: z.string(),
    org_name: z.string(),
    total_checks: z.number().int(),
    bytes_protected: z.number().int().describe('UTF-8 bytes of all content checked'),
    allowed: z.number().int(),
    masked: z.number().int(),
    blocked: z.number().int(),
    safe_share_rate: z.number().describe('Percent of checks whose content could be sent (allowed + masked); 0 without checks'),
    prevented_exposures: z.number().int().describe('Detections kept from the destination: masked, or in a blocked check'),
    from_date: Day,
    to_date: Day,
  })
  .meta({ id: 'OrgAnalytics' });

export const AnalyticsTimeseries = z
  .object({
    org_id: z.string(),
    period: z.enum(PERIODS),
    data: z.array(
      z.object({
        date: Day,
        checks_total: z.number().int(),
        allowed: z.number().int(),
        masked: z.number().int(),
        blocked: z.number().int(),
        bytes_processed: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AnalyticsTimeseries' });

export const DetectionBreakdown = z
  .object({
    org_id: z.string(),
    total_detections: z.number().int(),
    types: z.array(z.object({ type: z.string(), label: z.string(), count: z.number().int(), percentage: z.number() })),
    from_date: Day,
    to_date: Day,
  })
  .meta({ id: 'DetectionBreakdown' });
