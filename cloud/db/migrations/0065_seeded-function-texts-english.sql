-- Hand-written (issue 40), not generated from the schema: installations seeded before 0063 have the demo
-- catalogue's thing-model functions in Chinese only. Each function still bearing a seeded identifier and its seeded
-- Chinese name gets its English name (the row's i18n and its definition's), and its parameters' names and its enum
-- and bool labels theirs, from the seed's dictionaries of this day (cloud/seed/function-names.ts: the JSON below is
-- that dictionary; 0065's test reads it from here). A text that has an English one already keeps it: what a user
-- wrote is never overwritten; a function renamed since is not touched.
CREATE TABLE "i18n_0065_texts" ("functions" jsonb NOT NULL, "params" jsonb NOT NULL, "labels" jsonb NOT NULL);--> statement-breakpoint
INSERT INTO "i18n_0065_texts" VALUES (
  -- seeded functions: [identifier, Chinese name, English name]
  '[["angleX","X 轴倾角","X-axis tilt"],["angleY","Y 轴倾角","Y-axis tilt"],["temperature","温度","Temperature"],["battery","电池电量","Battery"],["signal","信号强度","Signal strength"],["overLimit","倾角超限","Tilt over limit"],["setZero","置零","Zero"],["lowBattery","低电量","Low battery"],["disX","X 向位移","X displacement"],["disY","Y 向位移","Y displacement"],["temps","测点温度","Point temperatures"],["maturity","成熟度","Maturity"],["strength","推定强度","Estimated strength"],["accX","X 向加速度","X acceleration"],["accY","Y 向加速度","Y acceleration"],["accZ","Z 向加速度","Z acceleration"],["frequency","主频","Dominant frequency"],["vibration","振动超限","Vibration over limit"],["settlement","沉降量","Settlement"],["pressure","液压","Hydraulic pressure"],["overLimit","沉降超限","Settlement over limit"],["points","各节读数","Segment readings"],["holeDepth","孔深","Hole depth"],["waterLevel","水位","Water level"],["pressure","孔隙水压力","Pore water pressure"],["frequency","频率","Frequency"],["waterHeight","水位高度","Water height"],["alarmHeight","报警水位","Alarm water level"],["overLimit","水位超限","Water level over limit"],["force","锚索力","Anchor force"],["overLimit","锚索力超限","Anchor force over limit"],["axialForce","轴力","Axial force"],["strain","应变","Strain"],["overLimit","轴力超限","Axial force over limit"],["displacement","位移","Displacement"],["dx","东向位移","East displacement"],["dy","北向位移","North displacement"],["dz","竖向位移","Vertical displacement"],["satellites","卫星数","Satellites"],["fixStatus","解算状态","Fix status"],["padControl","云台联动控制","Pan-tilt linkage control"],["humidity","湿度","Humidity"],["windDirection","风向","Wind direction"],["pressure","气压","Air pressure"],["rainfall","雨量","Rainfall"],["windSpeed","风速","Wind speed"],["windForce","风力","Wind force"],["online","在线子设备数","Sub-devices online"],["supplyVoltage","供电电压","Supply voltage"],["reboot","重启","Reboot"],["vidiconOperate","云台控制","Pan-tilt control"],["mode","工作模式","Work mode"],["robotState","机器人状态","Robot state"],["position","轨道位置","Track position"],["lifterHeight","升降高度","Lifter height"],["taskId","当前任务","Current task"],["pointId","当前巡检点","Current inspection point"],["charging","充电中","Charging"],["pointArrived","到达巡检点","Inspection point reached"],["abnormal","巡检异常","Inspection anomaly"],["fault","故障","Fault"],["robotControl","行走控制","Travel control"],["setRobotLifter","升降控制","Lifter control"],["setMode","切换模式","Switch mode"],["pictureVideoController","相机抓拍与录像","Camera snapshot and recording"],["playAudio","语音对讲","Voice intercom"],["getCameraInfo","相机录像状态","Camera recording state"],["modulus","频模","Frequency modulus"],["status","状态","Status"]]'::jsonb,
  -- parameter names, Chinese → English
  '{"轴":"Axis","倾角":"Tilt","结果":"Result","电池电量":"Battery","峰值":"Peak","频率":"Frequency","沉降量":"Settlement","深度":"Depth","A 向倾角":"A-axis tilt","B 向倾角":"B-axis tilt","A 向位移":"A displacement","水位高度":"Water height","锚索力":"Anchor force","轴力":"Axial force","控制类型":"Control type","控制值":"Control value","水平角":"Pan","俯仰角":"Tilt angle","视频流地址":"Stream URL","延时":"Delay","步长":"Step","持续时间":"Duration","任务":"Task","巡检点":"Inspection point","读数":"Reading","照片":"Photo","巡检项":"Inspection item","故障码":"Fault code","保持时间":"Hold time","轨道位置":"Track position","升降方向":"Lift direction","升降高度":"Lifter height","模式":"Mode","相机编号":"Camera number","操作":"Operation","录像中":"Recording","语音地址":"Audio URL","格式":"Format","字节数":"Bytes","时长":"Duration"}'::jsonb,
  -- enum item and bool labels, Chinese → English
  '{"成功":"Succeeded","失败":"Failed","无解":"No fix","单点解":"Single point","浮点解":"Float","固定解":"Fixed","手动":"Manual","自动":"Automatic","部署":"Deployment","空闲":"Idle","异常":"Abnormal","行走故障":"Travel fault","升降故障":"Lifter fault","自动模式":"Automatic mode","手动模式":"Manual mode","部署模式":"Deployment mode","是":"Yes","否":"No","正常":"Normal","断线":"Disconnected"}'::jsonb);--> statement-breakpoint
CREATE FUNCTION "i18n_0065_obj"(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'object' THEN v ELSE '{}'::jsonb END
$$;--> statement-breakpoint
-- A part's fields (a parameter's name, an item's text, a bool's labels) in English where the dictionary has them and the part has none.
CREATE FUNCTION "i18n_0065_part"(part jsonb, fields text[], dict jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE f text; own text;
BEGIN
  FOREACH f IN ARRAY fields LOOP
    own := part->>f;
    IF own IS NOT NULL AND dict ? own AND coalesce(part#>>ARRAY['i18n', f, 'en'], '') = '' THEN
      part := jsonb_set(part, '{i18n}', "i18n_0065_obj"(part->'i18n') || jsonb_build_object(f, "i18n_0065_obj"(part#>ARRAY['i18n', f]) || jsonb_build_object('zh-cn', own, 'en', dict->>own)));
    END IF;
  END LOOP;
  RETURN part;
END $$;--> statement-breakpoint
CREATE FUNCTION "i18n_0065_spec"(spec jsonb, params jsonb, labels jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF jsonb_typeof(spec) <> 'object' THEN RETURN spec; END IF;
  CASE spec->>'type'
    WHEN 'enum' THEN
      IF jsonb_typeof(spec->'items') = 'array' THEN
        spec := jsonb_set(spec, '{items}', (SELECT coalesce(jsonb_agg("i18n_0065_part"(i, '{text}', labels) ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(spec->'items') WITH ORDINALITY AS e(i, n)));
      END IF;
    WHEN 'bool' THEN spec := "i18n_0065_part"(spec, '{trueText,falseText}', labels);
    WHEN 'struct' THEN
      IF spec ? 'members' THEN spec := jsonb_set(spec, '{members}', "i18n_0065_params"(spec->'members', params, labels)); END IF;
    WHEN 'array' THEN
      IF spec ? 'element' THEN spec := jsonb_set(spec, '{element}', "i18n_0065_spec"(spec->'element', params, labels)); END IF;
    ELSE NULL;
  END CASE;
  RETURN spec;
END $$;--> statement-breakpoint
CREATE FUNCTION "i18n_0065_params"(list jsonb, params jsonb, labels jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF jsonb_typeof(list) <> 'array' THEN RETURN list; END IF;
  RETURN (SELECT coalesce(jsonb_agg(CASE WHEN p ? 'dataType' THEN jsonb_set("i18n_0065_part"(p, '{name}', params), '{dataType}', "i18n_0065_spec"(p->'dataType', params, labels)) ELSE "i18n_0065_part"(p, '{name}', params) END ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements(list) WITH ORDINALITY AS e(p, n));
END $$;--> statement-breakpoint
-- A seeded function's definition (its identifier and Chinese name matched by the caller) in English where it has none.
CREATE FUNCTION "i18n_0065_function"(def jsonb, en text) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE t "i18n_0065_texts";
BEGIN
  SELECT * INTO t FROM "i18n_0065_texts";
  IF coalesce(def#>>'{i18n,funcName,en}', '') = '' THEN
    def := jsonb_set(def, '{i18n}', "i18n_0065_obj"(def->'i18n') || jsonb_build_object('funcName', "i18n_0065_obj"(def#>'{i18n,funcName}') || jsonb_build_object('zh-cn', def->>'funcName', 'en', en)));
  END IF;
  IF def ? 'dataType' THEN def := jsonb_set(def, '{dataType}', "i18n_0065_spec"(def->'dataType', t.params, t.labels)); END IF;
  IF def ? 'inputParams' THEN def := jsonb_set(def, '{inputParams}', "i18n_0065_params"(def->'inputParams', t.params, t.labels)); END IF;
  IF def ? 'outputParams' THEN def := jsonb_set(def, '{outputParams}', "i18n_0065_params"(def->'outputParams', t.params, t.labels)); END IF;
  RETURN def;
END $$;--> statement-breakpoint
CREATE FUNCTION "i18n_0065_english"(identifier text, zh text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT f->>2 FROM "i18n_0065_texts", jsonb_array_elements("functions") AS f WHERE f->>0 = identifier AND f->>1 = zh LIMIT 1
$$;--> statement-breakpoint
UPDATE "product_functions" SET
  "definition" = "i18n_0065_function"("definition", "i18n_0065_english"("identifier", "func_name")),
  "i18n" = CASE WHEN coalesce("i18n"#>>'{funcName,en}', '') = '' THEN "i18n_0065_obj"("i18n") || jsonb_build_object('funcName', "i18n_0065_obj"("i18n"->'funcName') || jsonb_build_object('zh-cn', "func_name", 'en', "i18n_0065_english"("identifier", "func_name"))) ELSE "i18n" END
WHERE "i18n_0065_english"("identifier", "func_name") IS NOT NULL;--> statement-breakpoint
UPDATE "obj_functions" SET
  "definition" = "i18n_0065_function"("definition", "i18n_0065_english"("identifier", "func_name")),
  "i18n" = CASE WHEN coalesce("i18n"#>>'{funcName,en}', '') = '' THEN "i18n_0065_obj"("i18n") || jsonb_build_object('funcName', "i18n_0065_obj"("i18n"->'funcName') || jsonb_build_object('zh-cn', "func_name", 'en', "i18n_0065_english"("identifier", "func_name"))) ELSE "i18n" END
WHERE "i18n_0065_english"("identifier", "func_name") IS NOT NULL;--> statement-breakpoint
UPDATE "obj_model_functions" SET
  "definition" = "i18n_0065_function"("definition", "i18n_0065_english"("identifier", "func_name")),
  "i18n" = CASE WHEN coalesce("i18n"#>>'{funcName,en}', '') = '' THEN "i18n_0065_obj"("i18n") || jsonb_build_object('funcName', "i18n_0065_obj"("i18n"->'funcName') || jsonb_build_object('zh-cn', "func_name", 'en', "i18n_0065_english"("identifier", "func_name"))) ELSE "i18n" END
WHERE "i18n_0065_english"("identifier", "func_name") IS NOT NULL;--> statement-breakpoint
-- The platform's product copies keep their functions' definitions in one list.
UPDATE "product_copies" SET "functions" = (
  SELECT jsonb_agg(CASE WHEN "i18n_0065_english"(f->>'identifier', f->>'funcName') IS NULL THEN f ELSE "i18n_0065_function"(f, "i18n_0065_english"(f->>'identifier', f->>'funcName')) END ORDER BY n)
  FROM jsonb_array_elements("functions") WITH ORDINALITY AS e(f, n))
WHERE jsonb_typeof("functions") = 'array' AND jsonb_array_length("functions") > 0;--> statement-breakpoint
DROP FUNCTION "i18n_0065_english"(text, text);--> statement-breakpoint
DROP FUNCTION "i18n_0065_function"(jsonb, text);--> statement-breakpoint
DROP FUNCTION "i18n_0065_params"(jsonb, jsonb, jsonb);--> statement-breakpoint
DROP FUNCTION "i18n_0065_spec"(jsonb, jsonb, jsonb);--> statement-breakpoint
DROP FUNCTION "i18n_0065_part"(jsonb, text[], jsonb);--> statement-breakpoint
DROP FUNCTION "i18n_0065_obj"(jsonb);--> statement-breakpoint
DROP TABLE "i18n_0065_texts";
