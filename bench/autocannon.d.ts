/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; method?: string; body?: string };
  type Histogram = { p50: number; p99: number; average: number };
  type Result = { latency: Histogram; requests: Histogram; non2xx: number; errors: number };
  export default function autocannon(opts: Options): Promise<Result>;
}
